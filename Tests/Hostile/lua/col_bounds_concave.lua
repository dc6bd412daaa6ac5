--! exit: 2
--! stderr: col_bounds_concave.lua:6: bad argument #1 to 'World:set_bounds' (UIDynamicItem (item 0) provided an invalid bounding path (it is concave))
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:set_bounds(a, {{0, 0}, {20, 0}, {10, 5}, {20, 20}, {0, 20}})
