--! exit: 2
--! stderr: bad argument #1 to 'ScrollView:advance'
local sk = require "springkit"
local sv = sk.scroll_view{width = 320, height = 568, content_height = 10000}
sv:advance(math.huge)
