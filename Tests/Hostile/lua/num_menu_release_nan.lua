--! exit: 2
--! stderr: num_menu_release_nan.lua:8: bad argument #2 to 'RubberMenu:release' (finite number expected, got nan)

local sk = require "springkit"
local m = sk.rubber_menu()
m:touch_down(160, 300)
m:drag(0, -100, 0.2)
m:release(0, 0/0)
