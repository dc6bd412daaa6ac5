--! exit: 2
--! stderr: num_world_step_frames_str.lua:6: bad argument #1 to 'World:step_frames' (number expected, got string)

local sk = require "springkit"
local w = sk.world()
w:step_frames("x")
