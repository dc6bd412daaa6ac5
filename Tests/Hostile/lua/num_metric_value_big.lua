--! exit: 0

local sk = require "springkit"
sk.metric("m", 1e308)
