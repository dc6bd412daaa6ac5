--! exit: 2
--! stderr: num_world_scale_nan.lua:5: bad argument #1 to 'springkit.world' (screen scale must be positive, got nan)

local sk = require "springkit"
sk.world{scale = 0/0}
