--! exit: 2
local sk = require "springkit"
local sv = sk.scroll_view{width = 320, height = 568, content_height = 10000}
sv:animate_to(100, {frequency = 0/0})
