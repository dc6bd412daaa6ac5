--! exit: 2
--! stderr: beh_item_zero_density.lua:6: bad argument #1 to 'World:item_behavior' (density must be a positive number, got 0)
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:item_behavior{items = {a}, density = 0}
