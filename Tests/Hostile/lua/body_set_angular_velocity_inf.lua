--! exit: 2
--! stderr: body_set_angular_velocity_inf.lua:6: bad argument #2 to 'World:set_angular_velocity' (finite number expected, got -inf)
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:set_angular_velocity(a, -math.huge)
