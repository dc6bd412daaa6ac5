--! exit: 2
--! stderr: col_boundary_line_and_path.lua:6: bad argument #1 to 'Collision:add_boundary' (a boundary is a line (from, to) or a path, not both)
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
local c = w:collision{}; c:add_boundary{id = "x", from = {0, 0}, to = {1, 1}, path = {{0, 0}, {2, 2}}}
