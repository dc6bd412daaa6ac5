--! exit: 2
--! stderr: cell_shape_nan.lua:4: bad argument #1 to 'springkit.cell_shape' (field 'radius': finite number expected, got n
local sk = require "springkit"
local s = sk.cell_shape{width = 10, height = 10, style = "rounded", radius = 0/0}
