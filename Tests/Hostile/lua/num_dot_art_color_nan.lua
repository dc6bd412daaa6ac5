--! exit: 2
--! stderr: num_dot_art_color_nan.lua:6: bad argument #1 to 'DotArt:color' (value must be a whole number in -9007199254740

local sk = require "springkit"
local a = sk.dot_art{columns = 8, rows = 8}
a:color(0/0)
