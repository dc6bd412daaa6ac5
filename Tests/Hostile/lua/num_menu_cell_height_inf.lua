--! exit: 2
--! stderr: num_menu_cell_height_inf.lua:5: bad argument #1 to 'springkit.rubber_menu' (cell_height must be a finite numbe

local sk = require "springkit"
sk.rubber_menu{cell_height = math.huge}
