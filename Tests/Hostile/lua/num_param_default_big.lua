--! exit: 0

local sk = require "springkit"
sk.param("p", 1e308)
