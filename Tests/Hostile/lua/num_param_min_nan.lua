--! exit: 2
--! stderr: num_param_min_nan.lua:5: parameter 'p': min must be a finite number

local sk = require "springkit"
sk.param("p", 1, {min = 0/0})
