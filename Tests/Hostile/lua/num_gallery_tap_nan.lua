
local sk = require "springkit"
local g = sk.gallery()
g:tap(0/0)
