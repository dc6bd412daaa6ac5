--! exit: 2
--! stderr: col_boundary_nan.lua:6: bad argument #1 to 'World:collision' (path points must be finite and within ±10000000 pt, got (nan, 300))
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:collision{items = {a}, boundaries = {{id = "floor", from = {0/0, 300}, to = {400, 300}}}}
