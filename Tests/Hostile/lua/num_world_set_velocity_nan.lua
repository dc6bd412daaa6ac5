--! exit: 2
--! stderr: num_world_set_velocity_nan.lua:7: bad argument #2 to 'World:set_velocity' (finite number expected, got nan)

local sk = require "springkit"
local w = sk.world()
local a = w:add_item{}
w:set_velocity(a, 0/0, 0)
