--! exit: 2
--! stderr: beh_field_set_strength_string.lua:6: cannot set Field.strength: number expected, got string
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
local f = w:field{kind = 'drag'}; f.strength = 'x'
