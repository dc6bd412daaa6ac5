--! exit: 2
--! stderr: num_world_velocity_iterations_two63.lua:5: bad argument #1 to 'springkit.world' (field 'velocity_iterations':

local sk = require "springkit"
sk.world{velocity_iterations = 2^63}
