--! exit: 2
--! stderr: num_dot_art_color_frac.lua:6: bad argument #1 to 'DotArt:color' (value must be a whole number in -900719925474

local sk = require "springkit"
local a = sk.dot_art{columns = 8, rows = 8}
a:color(0.5)
