
local sk = require "springkit"
sk.world{rest_time = -1}
