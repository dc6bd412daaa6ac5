--! exit: 2
--! stderr: num_param_default_str.lua:5: bad argument #2 to 'springkit.param' (number expected, got string)

local sk = require "springkit"
sk.param("p", "x")
