--! exit: 2
--! stderr: num_dot_art_dot_nan.lua:5: bad argument #1 to 'springkit.dot_art' (item size must be positive and finite)

local sk = require "springkit"
sk.dot_art{dot = 0/0}
