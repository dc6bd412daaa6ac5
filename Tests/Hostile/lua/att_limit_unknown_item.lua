--! exit: 2
--! stderr: att_limit_unknown_item.lua:6: bad argument #1 to 'World:limit_attachment' (no item 999 in this world)
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:limit_attachment{item = a, item_b = 999}
