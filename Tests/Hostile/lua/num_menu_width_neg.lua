--! exit: 2
--! stderr: num_menu_width_neg.lua:5: bad argument #1 to 'springkit.rubber_menu' (item size must be positive)

local sk = require "springkit"
sk.rubber_menu{width = -1}
