--! exit: 2
--! stderr: num_metric_value_str.lua:5: bad argument #2 to 'springkit.metric' (number expected, got string)

local sk = require "springkit"
sk.metric("m", "x")
