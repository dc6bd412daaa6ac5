--! exit: 0

local sk = require "springkit"
local a = sk.dot_art{columns = 8, rows = 8}
a:explode()
a:wait_until_whole(1e308)
