--! exit: 2
--! stderr: culler_hook_bad_return.lua:7: Culler:update: pre_offset returned a non-finite shift
local sk = require "springkit"
local w = sk.world()
local l = sk.flow_layout{items = 100, item_height = 10}
local c = sk.culler{world = w, layout = l, damping = 0.5, frequency = 1, pre_offset = function() return 0/0, 1 end}
c:update{x = 0, y = 0, width = 320, height = 500}
