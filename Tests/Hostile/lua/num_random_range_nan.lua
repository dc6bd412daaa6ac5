
local sk = require "springkit"
sk.random(1, 0/0)
