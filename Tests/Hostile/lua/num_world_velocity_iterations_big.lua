--! exit: 2
--! stderr: num_world_velocity_iterations_big.lua:5: bad argument #1 to 'springkit.world' (field 'velocity_iterations': va

local sk = require "springkit"
sk.world{velocity_iterations = 1e308}
