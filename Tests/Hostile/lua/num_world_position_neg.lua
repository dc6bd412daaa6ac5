--! exit: 2
--! stderr: num_world_position_neg.lua:6: bad argument #1 to 'World:position' (no item -1 in this world)

local sk = require "springkit"
local w = sk.world()
w:position(-1)
