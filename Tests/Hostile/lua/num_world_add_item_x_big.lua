--! exit: 0

local sk = require "springkit"
local w = sk.world()
w:add_item{x = 1e308}
