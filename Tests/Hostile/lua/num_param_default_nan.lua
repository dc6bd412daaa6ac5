
local sk = require "springkit"
sk.param("p", 0/0)
