--! exit: 2
--! stderr: instruction budget exceeded
local sk = require "springkit"
local sv = sk.scroll_view{width = 320, height = 568, content_height = 10000}
local w = sk.world()
local an = sk.animator{scroll_view = sv, world = w}
an:wait(1e300)
