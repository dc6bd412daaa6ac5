--! exit: 2
--! stderr: num_trace_settle_id_two63.lua:7: bad argument #1 to 'Trace:settle_time' (field 'id': value must be a whole num

local sk = require "springkit"
local tr = sk.trace{"x"}
tr:add(0, 0, 0, 1)
tr:settle_time{column = "x", id = 2^63}
