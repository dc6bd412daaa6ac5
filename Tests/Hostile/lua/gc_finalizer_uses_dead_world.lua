--! exit: 0
local sk = require "springkit"
local w = sk.world()
setmetatable({}, {__gc = function() w:step_frames(10) end})
w = nil
