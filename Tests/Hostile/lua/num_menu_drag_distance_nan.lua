--! exit: 2
--! stderr: num_menu_drag_distance_nan.lua:7: bad argument #2 to 'RubberMenu:drag' (finite number expected, got nan)

local sk = require "springkit"
local m = sk.rubber_menu()
m:touch_down(160, 300)
m:drag(0, 0/0, 0.5)
