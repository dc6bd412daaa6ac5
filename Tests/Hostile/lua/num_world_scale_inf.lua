
local sk = require "springkit"
sk.world{scale = math.huge}
