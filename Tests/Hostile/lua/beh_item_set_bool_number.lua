--! exit: 2
--! stderr: beh_item_set_bool_number.lua:6: cannot set ItemBehavior.anchored: boolean expected, got number
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
local b = w:item_behavior{items = {a}}; b.anchored = 1
