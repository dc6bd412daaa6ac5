--! exit: 2
--! stderr: col_zero_size_item.lua:7: bad argument #1 to 'World:collision' (Invalid size {0, 10} for item 1 in Dynamics)
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
local flat = w:add_item{x = 0, y = 0, width = 0, height = 10}
w:collision{items = {a, flat}}
