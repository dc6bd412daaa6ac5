
local sk = require "springkit"
sk.load_trace("sub/../trace.csv")
