--! exit: 2
--! stderr: num_param_step_neg.lua:5: parameter 'p': step must be a positive number

local sk = require "springkit"
sk.param("p", 1, {min = 0, max = 2, step = -1})
