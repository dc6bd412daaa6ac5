--! exit: 2
--! stderr: num_world_velocity_iterations_frac.lua:5: bad argument #1 to 'springkit.world' (field 'velocity_iterations': v

local sk = require "springkit"
sk.world{velocity_iterations = 0.5}
