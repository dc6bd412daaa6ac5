--! exit: 2
--! stderr: instruction budget exceeded
local sk = require "springkit"
local w = sk.world()
w:step_seconds(1e300)
