--! exit: 2
--! stderr: beh_field_33.lua:6: World:field: at most 32 fields can act at once (UIKit's limit): remove one before adding another
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
for i = 1, 33 do w:field{kind = 'drag'} end
