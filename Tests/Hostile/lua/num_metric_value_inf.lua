
local sk = require "springkit"
sk.metric("m", math.huge)
