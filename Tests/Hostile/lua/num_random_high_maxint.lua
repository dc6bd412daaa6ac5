
local sk = require "springkit"
sk.random(math.maxinteger)
