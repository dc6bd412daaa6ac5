--! exit: 2
--! stderr: num_world_attach_frequency_nan.lua:7: bad argument #2 to 'World:attach' (frequency must be finite, got -nan)

local sk = require "springkit"
local w = sk.world()
local a = w:add_item{}
w:attach(a, {anchor = {0, 0}, frequency = 0/0})
