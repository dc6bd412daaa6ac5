
local sk = require "springkit"
sk.param("p", math.huge)
