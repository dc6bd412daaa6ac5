--! exit: 2
--! stderr: num_random_high_inf.lua:5: bad argument #1 to 'springkit.random' (value must be a whole number in -90071992547

local sk = require "springkit"
sk.random(math.huge)
