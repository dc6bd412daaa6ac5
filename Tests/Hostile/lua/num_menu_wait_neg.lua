--! exit: 2
--! stderr: num_menu_wait_neg.lua:6: bad argument #1 to 'RubberMenu:wait' (seconds must be a finite number ≥ 0, got -1)

local sk = require "springkit"
local m = sk.rubber_menu()
m:wait(-1)
