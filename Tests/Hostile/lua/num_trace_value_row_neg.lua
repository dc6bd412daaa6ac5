--! exit: 2
--! stderr: num_trace_value_row_neg.lua:7: bad argument #1 to 'Trace:value' (row -1 out of range 1…1)

local sk = require "springkit"
local tr = sk.trace{"x"}
tr:add(0, 0, 0, 1)
tr:value(-1, "x")
