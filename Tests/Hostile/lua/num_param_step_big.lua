--! exit: 0

local sk = require "springkit"
sk.param("p", 1, {min = 0, max = 2, step = 1e308})
