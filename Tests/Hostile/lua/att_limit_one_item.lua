--! exit: 2
--! stderr: att_limit_one_item.lua:6: bad argument #1 to 'World:limit_attachment' (a limit attachment joins two items)
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:limit_attachment{item = a}
