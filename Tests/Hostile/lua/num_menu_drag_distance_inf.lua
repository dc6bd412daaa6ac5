--! exit: 2
--! stderr: num_menu_drag_distance_inf.lua:7: bad argument #2 to 'RubberMenu:drag' (finite number expected, got inf)

local sk = require "springkit"
local m = sk.rubber_menu()
m:touch_down(160, 300)
m:drag(0, math.huge, 0.5)
