--! exit: 2
--! stderr: beh_field_falloff_inf.lua:6: bad argument #1 to 'World:field' (radial gravity field: falloff must be finite, got inf)
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:field{kind = 'radial_gravity', falloff = math.huge}
