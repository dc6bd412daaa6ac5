
local sk = require "springkit"
sk.random(-1)
