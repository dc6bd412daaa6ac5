--! exit: 2
--! stderr: beh_field_noise_seed_negative.lua:6: bad argument #1 to 'World:field' (field 'seed': value must be a whole number in 0…9223372036854775807, got -1)
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:field{kind = 'noise', seed = -1}
