
local sk = require "springkit"
local g = sk.gallery()
g:wait(-1)
