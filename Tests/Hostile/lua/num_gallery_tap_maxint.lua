
local sk = require "springkit"
local g = sk.gallery()
g:tap(math.maxinteger)
