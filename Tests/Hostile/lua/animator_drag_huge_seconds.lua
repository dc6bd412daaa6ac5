--! exit: 2
--! stderr: bad argument #3 to 'Animator:drag'
local sk = require "springkit"
local sv = sk.scroll_view{width = 320, height = 568, content_height = 10000}
local w = sk.world()
local an = sk.animator{scroll_view = sv, world = w}
an:touch_down(160, 300)
an:drag(0, -100, 1e300)
