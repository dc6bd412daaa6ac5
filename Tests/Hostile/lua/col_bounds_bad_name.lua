--! exit: 2
--! stderr: col_bounds_bad_name.lua:6: bad argument #1 to 'World:add_item' (field 'bounds': expected 'rectangle', 'ellipse' or a path table, got 'circle')
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:add_item{x = 0, y = 0, bounds = "circle"}
