
local sk = require "springkit"
local w = sk.world()
w:step(math.huge)
