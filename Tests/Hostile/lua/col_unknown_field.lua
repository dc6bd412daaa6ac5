--! exit: 2
--! stderr: col_unknown_field.lua:6: bad argument #1 to 'World:collision' (unknown field 'itmes' (expected one of: action, boundaries, insets, items, mode, on_contact, reference_bounds))
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:collision{itmes = {a}}
