--! exit: 2
local sk = require "springkit"
sk.grid_layout{items = 10, columns = 2^63, item_width = 1, item_height = 1}
