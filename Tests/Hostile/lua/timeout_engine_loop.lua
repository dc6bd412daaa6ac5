--! args: --timeout 1 --max-instructions 100000000000000
--! exit: 2
--! stderr: timed out
local sk = require "springkit"
local w = sk.world()
w:step_frames(1e15)
