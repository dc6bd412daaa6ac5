--! exit: 0

local sk = require "springkit"
local m = sk.rubber_menu()
m:touch_down(1e308, 300)
