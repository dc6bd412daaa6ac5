--! exit: 2
--! stderr: num_world_step_nan.lua:6: bad argument #1 to 'World:step' (frame duration must be a finite number ≥ 0, got -na

local sk = require "springkit"
local w = sk.world()
w:step(0/0)
