--! exit: 2
--! stderr: num_menu_drag_seconds_two63.lua:7: bad argument #3 to 'RubberMenu:drag' (drag duration must be a number of sec

local sk = require "springkit"
local m = sk.rubber_menu()
m:touch_down(160, 300)
m:drag(0, -100, 2^63)
