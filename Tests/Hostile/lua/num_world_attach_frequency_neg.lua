--! exit: 2
--! stderr: num_world_attach_frequency_neg.lua:7: bad argument #2 to 'World:attach' (frequency must be ≥ 0, got -1)

local sk = require "springkit"
local w = sk.world()
local a = w:add_item{}
w:attach(a, {anchor = {0, 0}, frequency = -1})
