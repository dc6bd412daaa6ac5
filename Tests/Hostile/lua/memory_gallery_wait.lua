--! args: --max-memory 64
--! exit: 2
--! stderr: memory_gallery_wait.lua:6: memory limit exceeded
local sk = require "springkit"
local g = sk.gallery{count = 20000}
g:wait(100)
