--! exit: 2
--! stderr: cell_shape_path_inf.lua:5: bad argument #1 to 'CellShape:path' (finite number expected, got inf)
local sk = require "springkit"
local s = sk.cell_shape{width = 10, height = 10}
s:path(math.huge)
