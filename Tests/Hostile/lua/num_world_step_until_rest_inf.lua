
local sk = require "springkit"
local w = sk.world()
w:step_until_rest(math.huge)
