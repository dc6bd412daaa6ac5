--! exit: 2
--! stderr: num_world_threads_frac.lua:5: bad argument #1 to 'springkit.world' (field 'threads': value must be a whole num

local sk = require "springkit"
sk.world{threads = 0.5}
