
local sk = require "springkit"
sk.random(0.5)
