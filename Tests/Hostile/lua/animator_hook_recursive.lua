--! exit: 2
--! stderr: animator_hook_recursive.lua:7: C stack overflow
local sk = require "springkit"
local sv = sk.scroll_view{width = 320, height = 568, content_height = 10000}
local w = sk.world()
local an
an = sk.animator{scroll_view = sv, world = w, on_frame = function() an:step(1) end}
an:step(1)
