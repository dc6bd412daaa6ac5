--! exit: 0
local sk = require "springkit"
local tr = sk.load_trace("trace.csv")
assert(tr:rows() > 0)
print(tr:value(1, "x"))
