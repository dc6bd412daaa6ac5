--! exit: 2
--! stderr: att_slide_inf_axis.lua:6: bad argument #1 to 'World:sliding_attachment' (axis must be finite)
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:sliding_attachment{item = a, anchor = {0, 0}, axis = {math.huge, 0}}
