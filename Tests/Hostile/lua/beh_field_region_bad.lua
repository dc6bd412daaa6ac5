--! exit: 2
--! stderr: beh_field_region_bad.lua:6: bad argument #1 to 'World:field' (region: radius must be finite, got nan)
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:field{kind = 'drag', region = {radius = 0/0}}
