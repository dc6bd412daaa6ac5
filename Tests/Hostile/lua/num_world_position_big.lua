
local sk = require "springkit"
local w = sk.world()
w:position(1e308)
