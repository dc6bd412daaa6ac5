--! exit: 0

local sk = require "springkit"
local w = sk.world()
w:step(1e308)
