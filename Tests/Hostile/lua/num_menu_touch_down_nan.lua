
local sk = require "springkit"
local m = sk.rubber_menu()
m:touch_down(0/0, 300)
