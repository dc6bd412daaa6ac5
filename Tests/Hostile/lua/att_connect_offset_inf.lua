--! exit: 2
--! stderr: att_connect_offset_inf.lua:6: bad argument #1 to 'World:connect' (offset_a must be finite)
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
local b = w:add_item{}; w:connect(a, b, {offset_a = {math.huge, 0}})
