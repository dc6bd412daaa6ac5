--! exit: 0

local sk = require "springkit"
local m = sk.rubber_menu()
m:touch_down(160, 300)
m:drag(0, 1e308, 0.5)
