--! exit: 2
--! stderr: num_world_scale_inf.lua:5: bad argument #1 to 'springkit.world' (screen scale must be positive, got inf)

local sk = require "springkit"
sk.world{scale = math.huge}
