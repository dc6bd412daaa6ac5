
local sk = require "springkit"
local g = sk.gallery()
g:drag(1, 2, math.huge)
