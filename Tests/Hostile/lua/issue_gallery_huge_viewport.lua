--! exit: 2
local sk = require "springkit"
local g = sk.gallery{count = 100000, width = 1e9, height = 1e9}
g:wait(10)
