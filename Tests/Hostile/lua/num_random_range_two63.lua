--! exit: 2
--! stderr: num_random_range_two63.lua:5: bad argument #2 to 'springkit.random' (value must be a whole number in -90071992

local sk = require "springkit"
sk.random(1, 2^63)
