
local sk = require "springkit"
sk.random(1, 2^63)
