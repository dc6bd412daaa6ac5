--! exit: 2
--! stderr: instruction budget exceeded
local sk = require "springkit"
local w = sk.world()
local l = sk.flow_layout{items = 100, item_height = 10}
local c = sk.culler{world = w, layout = l, damping = 0.5, frequency = 1, pre_offset = function() while true do end end}
c:update{x = 0, y = 0, width = 320, height = 500}
