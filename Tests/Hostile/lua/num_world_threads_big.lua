
local sk = require "springkit"
sk.world{threads = 1e308}
