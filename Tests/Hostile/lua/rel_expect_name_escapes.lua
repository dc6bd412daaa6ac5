--! exit: 0
-- A plain run ignores expectations; check prints the name escaped (ReliabilityTests).
local sk = require "springkit"
local tr = sk.trace{"x"}
tr:add(0, 0, 0, 1)
sk.expect{name = "x\r\27[2KPASS\n::error::y", column = "x", within = {0, 2}}
return tr
