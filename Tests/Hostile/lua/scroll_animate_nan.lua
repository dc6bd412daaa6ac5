--! exit: 2
--! stderr: scroll_animate_nan.lua:5: bad argument #2 to 'ScrollView:animate_to' (the animation spring needs damping in 0…10000 and frequency in (0, 10000] Hz, got damping 1, frequency nan)
local sk = require "springkit"
local sv = sk.scroll_view{width = 320, height = 568, content_height = 10000}
sv:animate_to(100, {frequency = 0/0})
