--! exit: 2
--! stderr: beh_field_no_kind.lua:6: bad argument #1 to 'World:field' (field 'kind' is required (one of: linear_gravity, radial_gravity, electric, magnetic, spring, vortex,
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:field{items = {a}}
