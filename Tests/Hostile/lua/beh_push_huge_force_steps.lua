--! exit: 2
--! stderr: beh_push_huge_force_steps.lua:6: bad argument #1 to 'World:push' (a push of 1e+308 N along an axis is too large (at most about 1e302))
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
local p = w:push{items = {a}, magnitude = 1e308}; w:step(); w:step(); local x = w:position(a); assert(x == x, 'finite'); error('done ' .. tostring(x < math.huge))
