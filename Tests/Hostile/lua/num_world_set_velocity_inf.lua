--! exit: 2
--! stderr: num_world_set_velocity_inf.lua:7: bad argument #2 to 'World:set_velocity' (finite number expected, got inf)

local sk = require "springkit"
local w = sk.world()
local a = w:add_item{}
w:set_velocity(a, math.huge, 0)
