--! exit: 2
--! stderr: num_world_add_item_x_str.lua:6: bad argument #1 to 'World:add_item' (field 'x': number expected, got string)

local sk = require "springkit"
local w = sk.world()
w:add_item{x = "x"}
