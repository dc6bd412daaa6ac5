--! exit: 2
--! stderr: beh_field_negative_min_radius.lua:6: bad argument #1 to 'World:field' (spring field: minimumRadius must be ≥ 0, got -1)
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:field{kind = 'spring', minimum_radius = -1}
