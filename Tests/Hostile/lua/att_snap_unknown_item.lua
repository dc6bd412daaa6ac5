--! exit: 2
--! stderr: att_snap_unknown_item.lua:6: bad argument #1 to 'World:snap' (no item 77 in this world)
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:snap{item = 77, point = {0, 0}}
