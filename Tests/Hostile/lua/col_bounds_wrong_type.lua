--! exit: 2
--! stderr: col_bounds_wrong_type.lua:6: bad argument #2 to 'World:set_bounds' (string expected, got boolean)
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:set_bounds(a, true)
