--! exit: 2
--! stderr: sv_animate_to_huge_spring.lua:5: bad argument #2 to 'ScrollView:animate_to' (the animation spring needs damping in 0…10000 and frequency in (0, 10000] Hz, got damping 1, frequency 1e+308)
local sk = require "springkit"
local sv = sk.scroll_view{width = 320, height = 568, content_height = 2000}
sv:animate_to(1e308, {frequency = 1e308})
