--! exit: 0
local sk = require "springkit"
collectgarbage("stop")
local w = sk.world()
w:step_frames(100)
collectgarbage("restart")
