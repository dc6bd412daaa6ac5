
local sk = require "springkit"
local g = sk.gallery()
g:move(1, 1e308)
