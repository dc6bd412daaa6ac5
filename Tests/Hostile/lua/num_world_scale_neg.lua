--! exit: 2
--! stderr: num_world_scale_neg.lua:5: bad argument #1 to 'springkit.world' (screen scale must be positive, got -1)

local sk = require "springkit"
sk.world{scale = -1}
