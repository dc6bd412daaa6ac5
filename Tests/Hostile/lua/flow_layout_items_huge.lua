--! exit: 2
--! stderr: flow_layout_items_huge.lua:4: bad argument #1 to 'springkit.flow_layout' (field 'items': value must be a whole
local sk = require "springkit"
sk.flow_layout{items = 1e300, item_height = 10}
