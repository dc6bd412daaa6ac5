
local sk = require "springkit"
sk.world{rest_time = 0/0}
