
local sk = require "springkit"
local m = sk.rubber_menu()
m:touch_down(math.huge, 300)
