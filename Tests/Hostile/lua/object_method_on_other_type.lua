--! exit: 2
--! stderr: object_method_on_other_type.lua:6: calling 'World:step_frames' on bad self (springkit.World expected, got spri
local sk = require "springkit"
local tr = sk.trace{"x"}
local w = sk.world()
w.step_frames(tr, 1)
