--! exit: 2
--! stderr: col_zero_size_add_item.lua:6: bad argument #1 to 'Collision:add_item' (Invalid size {10, 0} for item 1 in Dynamics)
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
local c = w:collision{items = {a}}; c:add_item(w:add_item{x = 0, y = 0, width = 10, height = 0})
