--! exit: 2
--! stderr: num_menu_wait_str.lua:6: bad argument #1 to 'RubberMenu:wait' (number expected, got string)

local sk = require "springkit"
local m = sk.rubber_menu()
m:wait("x")
