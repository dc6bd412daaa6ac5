--! exit: 0

local sk = require "springkit"
sk.metric("m", 2^63)
