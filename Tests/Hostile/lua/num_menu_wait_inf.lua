
local sk = require "springkit"
local m = sk.rubber_menu()
m:wait(math.huge)
