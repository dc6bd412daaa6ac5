
local sk = require "springkit"
local w = sk.world()
w:step(0/0)
