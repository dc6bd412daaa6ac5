
local sk = require "springkit"
sk.random(2^63)
