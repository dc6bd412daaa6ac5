--! exit: 2
--! stderr: beh_item_velocity_inf.lua:6: bad argument #2 to 'ItemBehavior:add_linear_velocity' (finite number expected, got inf)
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
local b = w:item_behavior{items = {a}}; b:add_linear_velocity(a, math.huge, 0)
