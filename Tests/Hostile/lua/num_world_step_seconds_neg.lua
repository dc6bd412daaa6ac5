--! exit: 2
--! stderr: num_world_step_seconds_neg.lua:6: bad argument #1 to 'World:step_seconds' (seconds must be a finite number ≥ 0

local sk = require "springkit"
local w = sk.world()
w:step_seconds(-1)
