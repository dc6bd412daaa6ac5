--! exit: 2
--! stderr: att_snap_no_point.lua:6: bad argument #1 to 'World:snap' (field 'point' ({x, y}) is required)
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:snap{item = a}
