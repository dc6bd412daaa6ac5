--! args: --max-instructions 30000000
--! exit: 2
local sk = require "springkit"
local g = sk.gallery{damping = 0, world = {rest_time = math.huge}}
g:tap(3)
g:wait_until_rest(1e12)
