--! exit: 2
--! stderr: beh_item_set_bool_nil.lua:6: cannot set ItemBehavior.allows_rotation: boolean expected, got no value
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
local b = w:item_behavior{items = {a}}; b.allows_rotation = nil
