--! exit: 2
--! stderr: num_random_high_neg.lua:5: bad argument #1 to 'springkit.random' (interval is empty)

local sk = require "springkit"
sk.random(-1)
