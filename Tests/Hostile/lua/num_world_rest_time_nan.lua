--! exit: 2
--! stderr: num_world_rest_time_nan.lua:5: bad argument #1 to 'springkit.world' (rest time must be ≥ 0 (or infinite), got

local sk = require "springkit"
sk.world{rest_time = 0/0}
