--! exit: 2
--! stderr: instruction budget exceeded
local sk = require "springkit"
local w = sk.world()
w:step_frames(1e15)
