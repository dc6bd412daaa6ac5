
local sk = require "springkit"
sk.world{threads = 2^63}
