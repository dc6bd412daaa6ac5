--! exit: 2
--! stderr: num_world_velocity_iterations_nan.lua:5: bad argument #1 to 'springkit.world' (field 'velocity_iterations': va

local sk = require "springkit"
sk.world{velocity_iterations = 0/0}
