--! exit: 2
--! stderr: num_trace_settle_epsilon_nan.lua:7: bad argument #1 to 'Trace:settle_time' (field 'epsilon': must be ≥ 0)

local sk = require "springkit"
local tr = sk.trace{"x"}
tr:add(0, 0, 0, 1)
tr:settle_time{column = "x", epsilon = 0/0}
