-- a hook the engine calls allocates under the cap
--! args: --max-memory 32
--! exit: 2
--! stderr: memory
local sk = require "springkit"
local sv = sk.scroll_view{width = 320, height = 568, content_height = 10000}
local w = sk.world()
local keep = {}
local an = sk.animator{scroll_view = sv, world = w, on_frame = function() for i = 1, 1e9 do keep[#keep + 1] = {i} end end}
an:step(1)
