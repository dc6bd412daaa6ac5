--! exit: 2
--! stderr: beh_field_region_unknown_key.lua:6: bad argument #1 to 'World:field' (unknown field 'circle' (expected one of: difference, infinite, intersection, inverse, radi
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:field{kind = 'drag', region = {circle = 5}}
