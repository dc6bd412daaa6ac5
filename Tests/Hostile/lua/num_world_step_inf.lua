--! exit: 2
--! stderr: num_world_step_inf.lua:6: bad argument #1 to 'World:step' (frame duration must be a finite number ≥ 0, got inf

local sk = require "springkit"
local w = sk.world()
w:step(math.huge)
