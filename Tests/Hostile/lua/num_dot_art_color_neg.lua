--! exit: 2
--! stderr: num_dot_art_color_neg.lua:6: bad argument #1 to 'DotArt:color' (no dot -1 (0…63))

local sk = require "springkit"
local a = sk.dot_art{columns = 8, rows = 8}
a:color(-1)
