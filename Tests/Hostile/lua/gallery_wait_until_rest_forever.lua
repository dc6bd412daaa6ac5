--! args: --max-instructions 30000000
--! exit: 2
--! stderr: gallery_wait_until_rest_forever.lua:7: instruction budget exceeded (30000000 instructions; raise it with --max
local sk = require "springkit"
local g = sk.gallery{damping = 0, world = {rest_time = math.huge}}
g:tap(3)
g:wait_until_rest(1e12)
