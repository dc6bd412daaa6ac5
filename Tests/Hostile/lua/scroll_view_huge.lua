--! exit: 0

local sk = require "springkit"
local sv = sk.scroll_view{width = 1e308, height = 1e308, content_height = 1e308}
sv:advance(1e308)
