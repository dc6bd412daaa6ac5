--! exit: 2
--! stderr: num_trace_value_row_big.lua:7: bad argument #1 to 'Trace:value' (row must be a whole number in -90071992547409

local sk = require "springkit"
local tr = sk.trace{"x"}
tr:add(0, 0, 0, 1)
tr:value(1e308, "x")
