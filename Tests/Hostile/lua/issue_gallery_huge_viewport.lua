--! exit: 2
--! stderr: issue_gallery_huge_viewport.lua:5: instruction budget exceeded (20000000 instructions; raise it with --max-ins
local sk = require "springkit"
local g = sk.gallery{count = 100000, width = 1e9, height = 1e9}
g:wait(10)
