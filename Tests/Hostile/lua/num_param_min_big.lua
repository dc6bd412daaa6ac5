--! exit: 2
--! stderr: num_param_min_big.lua:5: parameter 'p': default 1 is below the minimum 1e+308

local sk = require "springkit"
sk.param("p", 1, {min = 1e308})
