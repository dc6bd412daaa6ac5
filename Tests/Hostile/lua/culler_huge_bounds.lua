--! args: --max-memory 64
--! exit: 2
--! stderr: culler_huge_bounds.lua:8: memory limit exceeded
local sk = require "springkit"
local w = sk.world()
local l = sk.flow_layout{items = 100000000, item_height = 1}
local c = sk.culler{world = w, layout = l, damping = 0.5, frequency = 1}
c:update{x = 0, y = 0, width = 320, height = 1e9}
