--! exit: 2
--! stderr: num_param_default_inf.lua:5: bad argument #2 to 'springkit.param' (finite number expected, got inf)

local sk = require "springkit"
sk.param("p", math.huge)
