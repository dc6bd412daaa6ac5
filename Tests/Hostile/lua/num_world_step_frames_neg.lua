--! exit: 2
--! stderr: num_world_step_frames_neg.lua:6: bad argument #1 to 'World:step_frames' (frame count must be a whole number in

local sk = require "springkit"
local w = sk.world()
w:step_frames(-1)
