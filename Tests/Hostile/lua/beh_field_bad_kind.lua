--! exit: 2
--! stderr: beh_field_bad_kind.lua:6: bad argument #1 to 'World:field' (field 'kind': unknown kind 'antigravity' (one of: linear_gravity, radial_gravity, electric, magnetic
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:field{kind = 'antigravity'}
