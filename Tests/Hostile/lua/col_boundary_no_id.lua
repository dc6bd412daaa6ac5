--! exit: 2
--! stderr: col_boundary_no_id.lua:6: bad argument #1 to 'World:collision' (field 'id': a boundary needs an identifier (a string))
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:collision{items = {a}, boundaries = {{from = {0, 0}, to = {1, 1}}}}
