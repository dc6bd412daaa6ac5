--! exit: 2
--! stderr: num_random_high_two63.lua:5: bad argument #1 to 'springkit.random' (value must be a whole number in -900719925

local sk = require "springkit"
sk.random(2^63)
