--! exit: 0

local sk = require "springkit"
local m = sk.rubber_menu{items = 100000, height = 100000}
m:touch_down(160, 300)
m:drag(0, -5000, 1)
