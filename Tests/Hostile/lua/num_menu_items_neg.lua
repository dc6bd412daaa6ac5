--! exit: 2
--! stderr: num_menu_items_neg.lua:5: bad argument #1 to 'springkit.rubber_menu' (field 'items': must be 0…100000000)

local sk = require "springkit"
sk.rubber_menu{items = -1}
