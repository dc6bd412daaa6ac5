--! exit: 2
--! stderr: num_menu_items_inf.lua:5: bad argument #1 to 'springkit.rubber_menu' (field 'items': value must be a whole num

local sk = require "springkit"
sk.rubber_menu{items = math.huge}
