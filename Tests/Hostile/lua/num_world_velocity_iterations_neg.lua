--! exit: 2
--! stderr: num_world_velocity_iterations_neg.lua:5: bad argument #1 to 'springkit.world' (velocity iterations must be 1…1

local sk = require "springkit"
sk.world{velocity_iterations = -1}
