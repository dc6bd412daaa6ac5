--! exit: 2
--! stderr: num_dot_art_dot_big.lua:5: bad argument #1 to 'springkit.dot_art' (item center and velocity must be finite)

local sk = require "springkit"
sk.dot_art{dot = 1e308}
