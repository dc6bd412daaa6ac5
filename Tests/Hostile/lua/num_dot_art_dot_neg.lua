--! exit: 2
--! stderr: num_dot_art_dot_neg.lua:5: bad argument #1 to 'springkit.dot_art' (item size must be positive and finite)

local sk = require "springkit"
sk.dot_art{dot = -1}
