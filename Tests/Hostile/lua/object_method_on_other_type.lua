--! exit: 2
local sk = require "springkit"
local tr = sk.trace{"x"}
local w = sk.world()
w.step_frames(tr, 1)
