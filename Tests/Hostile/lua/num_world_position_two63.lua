--! exit: 2
--! stderr: num_world_position_two63.lua:6: bad argument #1 to 'World:position' (value must be a whole number in -90071992

local sk = require "springkit"
local w = sk.world()
w:position(2^63)
