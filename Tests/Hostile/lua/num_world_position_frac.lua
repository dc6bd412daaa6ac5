--! exit: 2
--! stderr: num_world_position_frac.lua:6: bad argument #1 to 'World:position' (value must be a whole number in -900719925

local sk = require "springkit"
local w = sk.world()
w:position(0.5)
