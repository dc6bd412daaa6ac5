--! exit: 2
--! stderr: grid_layout_columns_huge.lua:4: bad argument #1 to 'springkit.grid_layout' (field 'columns': value must be a w
local sk = require "springkit"
sk.grid_layout{items = 10, columns = 2^63, item_width = 1, item_height = 1}
