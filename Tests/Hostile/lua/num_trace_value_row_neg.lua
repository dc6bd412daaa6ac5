
local sk = require "springkit"
local tr = sk.trace{"x"}
tr:add(0, 0, 0, 1)
tr:value(-1, "x")
