--! exit: 2
--! stderr: num_menu_touch_down_inf.lua:6: bad argument #1 to 'RubberMenu:touch_down' (finite number expected, got inf)

local sk = require "springkit"
local m = sk.rubber_menu()
m:touch_down(math.huge, 300)
