--! exit: 2
--! stderr: num_world_threads_neg.lua:5: bad argument #1 to 'springkit.world' (threads must be 0…256 (0: one per processor

local sk = require "springkit"
sk.world{threads = -1}
