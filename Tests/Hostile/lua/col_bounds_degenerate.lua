--! exit: 2
--! stderr: col_bounds_degenerate.lua:6: bad argument #1 to 'World:add_item' (UIDynamicItem (item 1) provided an invalid bounding path (fewer than 3 distinct points))
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:add_item{x = 0, y = 0, width = 10, height = 10, bounds = {{0, 0}, {10, 0}}}
