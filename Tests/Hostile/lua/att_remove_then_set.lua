--! exit: 2
--! stderr: att_remove_then_set.lua:6: cannot set Attachment.range: no joint 0 in this world
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
local p = w:pin_attachment{item = a, anchor = {0, 0}}; p:remove(); p.range = {-1, 1}
