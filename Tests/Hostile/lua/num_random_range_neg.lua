--! exit: 2
--! stderr: num_random_range_neg.lua:5: bad argument #2 to 'springkit.random' (interval is empty)

local sk = require "springkit"
sk.random(1, -1)
