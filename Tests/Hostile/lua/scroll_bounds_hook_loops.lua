--! exit: 2
--! stderr: instruction budget exceeded
local sk = require "springkit"
local sv = sk.scroll_view{width = 320, height = 568, content_height = 10000}
sv:on_bounds_change(function() while true do end end)
sv:touch_down(10, 10)
sv:move_touch(10, -100)
