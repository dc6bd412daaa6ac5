-- issue 12: Double -> Int trap
--! exit: 2
--! stderr: bad argument #3 to 'RubberMenu:drag'
local sk = require "springkit"
local m = sk.rubber_menu()
m:touch_down(160, 300)
m:drag(0, -100, 1e300)
