
local sk = require "springkit"
sk.world{threads = 0/0}
