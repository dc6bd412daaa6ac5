--! exit: 2
--! stderr: col_remove_boundary_number.lua:6: bad argument #1 to 'Collision:remove_boundary' (string expected, got number)
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
local c = w:collision{items = {a}}; c:remove_boundary(5)
