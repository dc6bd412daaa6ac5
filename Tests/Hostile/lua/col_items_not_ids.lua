--! exit: 2
--! stderr: col_items_not_ids.lua:6: bad argument #1 to 'World:collision' (field 'items': element 1 is not an item id (1.5))
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:collision{items = {1.5}}
