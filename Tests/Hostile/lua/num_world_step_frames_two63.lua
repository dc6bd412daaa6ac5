
local sk = require "springkit"
local w = sk.world()
w:step_frames(2^63)
