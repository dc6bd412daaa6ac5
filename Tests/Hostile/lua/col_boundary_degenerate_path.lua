--! exit: 2
--! stderr: col_boundary_degenerate_path.lua:6: bad argument #1 to 'World:collision' (invalid path for collision boundary)
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:collision{items = {a}, boundaries = {{id = "dot", path = {{1, 1}, {1, 1}, {1, 1}}}}}
