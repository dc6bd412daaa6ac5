
local sk = require "springkit"
sk.gallery{count = math.huge}
