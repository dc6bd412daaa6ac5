--! args: --max-memory 64
--! exit: 2
local sk = require "springkit"
local g = sk.gallery{count = 20000}
g:wait(100)
