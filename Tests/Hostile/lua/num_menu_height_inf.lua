--! exit: 2
--! stderr: num_menu_height_inf.lua:5: bad argument #1 to 'springkit.rubber_menu' (viewport must be positive and finite)

local sk = require "springkit"
sk.rubber_menu{height = math.huge}
