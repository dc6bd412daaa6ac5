--! exit: 2
--! stderr: beh_item_velocity_bad_item.lua:6: bad argument #1 to 'ItemBehavior:add_linear_velocity' (number expected, got string)
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
local b = w:item_behavior{items = {a}}; b:add_linear_velocity('a', 1, 0)
