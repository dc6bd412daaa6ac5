
local sk = require "springkit"
sk.metric("m", "x")
