--! exit: 2
--! stderr: animator_hook_yields.lua:6: attempt to yield from outside a coroutine
local sk = require "springkit"
local sv = sk.scroll_view{width = 320, height = 568, content_height = 10000}
local w = sk.world()
local an = sk.animator{scroll_view = sv, world = w, on_frame = function() coroutine.yield() end}
an:step(1)
