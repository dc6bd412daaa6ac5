--! exit: 2
--! stderr: beh_field_velocity_huge.lua:6: bad argument #1 to 'World:field' (velocity field: direction.x must be within ±3.4028235e+38 (it is stored as a Float), got 1e+308
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
local f = w:field{kind = 'velocity', items = {a}, direction = {1e308, 0}}; w:step(); local x = w:position(a); error('x ' .. tostring(x))
