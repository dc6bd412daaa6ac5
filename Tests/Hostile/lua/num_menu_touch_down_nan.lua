--! exit: 2
--! stderr: num_menu_touch_down_nan.lua:6: bad argument #1 to 'RubberMenu:touch_down' (finite number expected, got nan)

local sk = require "springkit"
local m = sk.rubber_menu()
m:touch_down(0/0, 300)
