
local sk = require "springkit"
local g = sk.gallery()
g:wait(math.huge)
