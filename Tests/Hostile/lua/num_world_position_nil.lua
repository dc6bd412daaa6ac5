--! exit: 2
--! stderr: num_world_position_nil.lua:6: bad argument #1 to 'World:position' (number expected, got no value)

local sk = require "springkit"
local w = sk.world()
w:position(nil)
