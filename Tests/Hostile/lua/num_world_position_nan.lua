--! exit: 2
--! stderr: num_world_position_nan.lua:6: bad argument #1 to 'World:position' (value must be a whole number in -9007199254

local sk = require "springkit"
local w = sk.world()
w:position(0/0)
