--! exit: 2
--! stderr: col_boundary_1e9.lua:6: bad argument #1 to 'Collision:add_boundary' (path points must be finite and within ±10000000 pt, got (1000000000, 0))
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
local c = w:collision{items = {a}}; c:add_boundary{id = "far", path = {{0, 0}, {1e9, 0}, {1e9, 1e9}}}
