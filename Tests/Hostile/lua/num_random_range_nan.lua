--! exit: 2
--! stderr: num_random_range_nan.lua:5: bad argument #2 to 'springkit.random' (value must be a whole number in -9007199254

local sk = require "springkit"
sk.random(1, 0/0)
