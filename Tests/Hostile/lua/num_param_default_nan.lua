--! exit: 2
--! stderr: num_param_default_nan.lua:5: bad argument #2 to 'springkit.param' (finite number expected, got nan)

local sk = require "springkit"
sk.param("p", 0/0)
