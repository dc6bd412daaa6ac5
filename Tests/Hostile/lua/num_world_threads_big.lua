--! exit: 2
--! stderr: num_world_threads_big.lua:5: bad argument #1 to 'springkit.world' (field 'threads': value must be a whole numb

local sk = require "springkit"
sk.world{threads = 1e308}
