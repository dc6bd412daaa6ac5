--! exit: 2
--! stderr: att_set_range_string.lua:6: cannot set Attachment.range: table expected, got string
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
local p = w:pin_attachment{item = a, anchor = {0, 0}}; p.range = 'all'
