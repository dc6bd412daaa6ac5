
local sk = require "springkit"
local w = sk.world()
w:add_item{width = 0/0}
