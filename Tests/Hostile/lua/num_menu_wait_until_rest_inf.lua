--! exit: 2
--! stderr: num_menu_wait_until_rest_inf.lua:6: bad argument #1 to 'RubberMenu:wait_until_rest' (limit must be a finite nu

local sk = require "springkit"
local m = sk.rubber_menu()
m:wait_until_rest(math.huge)
