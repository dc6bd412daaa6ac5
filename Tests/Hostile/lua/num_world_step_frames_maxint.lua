--! exit: 2
--! stderr: num_world_step_frames_maxint.lua:6: bad argument #1 to 'World:step_frames' (frame count must be a whole number

local sk = require "springkit"
local w = sk.world()
w:step_frames(math.maxinteger)
