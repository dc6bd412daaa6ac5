--! exit: 2
--! stderr: col_bounds_unknown_item.lua:6: bad argument #1 to 'World:set_bounds' (no item 99 in this world)
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:set_bounds(99, "ellipse")
