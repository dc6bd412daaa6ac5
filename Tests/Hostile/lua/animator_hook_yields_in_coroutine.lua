--! exit: 2
--! stderr: animator_hook_yields_in_coroutine.lua:8: animator_hook_yields_in_coroutine.lua:6: attempt to yield across a C-call boundary
local sk = require "springkit"
local sv = sk.scroll_view{width = 320, height = 568, content_height = 10000}
local w = sk.world()
local an = sk.animator{scroll_view = sv, world = w, on_frame = function() coroutine.yield() end}
local co = coroutine.wrap(function() an:step(1) end)
co()
