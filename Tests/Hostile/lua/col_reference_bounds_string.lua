--! exit: 2
--! stderr: col_reference_bounds_string.lua:6: bad argument #1 to 'World:collision' (field 'reference_bounds': boolean or {x, y, w, h} expected, got string)
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:collision{items = {a}, reference_bounds = "yes"}
