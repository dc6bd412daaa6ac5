--! exit: 2
--! stderr: num_random_high_frac.lua:5: bad argument #1 to 'springkit.random' (value must be a whole number in -9007199254

local sk = require "springkit"
sk.random(0.5)
