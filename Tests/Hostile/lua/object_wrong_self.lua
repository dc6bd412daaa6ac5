--! exit: 2
--! stderr: 'World:step_frames'
local sk = require "springkit"
local w = sk.world()
w.step_frames(1, 10)
