--! exit: 2
--! stderr: num_world_threads_two63.lua:5: bad argument #1 to 'springkit.world' (field 'threads': value must be a whole nu

local sk = require "springkit"
sk.world{threads = 2^63}
