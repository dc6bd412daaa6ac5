--! exit: 2
--! stderr: num_dot_art_wait_nan.lua:7: bad argument #1 to 'DotArt:wait_until_whole' (limit must be finite and ≥ 0)

local sk = require "springkit"
local a = sk.dot_art{columns = 8, rows = 8}
a:explode()
a:wait_until_whole(0/0)
