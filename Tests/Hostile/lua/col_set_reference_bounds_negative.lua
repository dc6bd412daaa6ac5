--! exit: 2
--! stderr: col_set_reference_bounds_negative.lua:6: bad argument #1 to 'World:set_reference_bounds' ({x, y, w, h} of finite numbers within ±10000000 expected, sizes ≥ 0)
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:set_reference_bounds{0, 0, -10, 100}
