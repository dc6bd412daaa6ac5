
local sk = require "springkit"
sk.param("p", "x")
