--! exit: 2
--! stderr: num_menu_cell_height_big.lua:5: bad argument #1 to 'springkit.rubber_menu' (content size must be finite and ≥

local sk = require "springkit"
sk.rubber_menu{cell_height = 1e308}
