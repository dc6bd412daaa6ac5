
local sk = require "springkit"
sk.param("p", 1, {min = 1e308})
