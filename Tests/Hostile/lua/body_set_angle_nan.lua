--! exit: 2
--! stderr: body_set_angle_nan.lua:6: bad argument #2 to 'World:set_angle' (finite number expected, got nan)
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:set_angle(a, 0/0)
