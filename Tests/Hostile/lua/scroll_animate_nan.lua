--! exit: 2
--! stderr: scroll_animate_nan.lua:5: bad argument #2 to 'ScrollView:animate_to' (the animation spring needs damping ≥ 0 a
local sk = require "springkit"
local sv = sk.scroll_view{width = 320, height = 568, content_height = 10000}
sv:animate_to(100, {frequency = 0/0})
