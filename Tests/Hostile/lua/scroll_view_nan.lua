--! exit: 2
--! stderr: springkit.scroll_view
local sk = require "springkit"
sk.scroll_view{width = 0/0}
