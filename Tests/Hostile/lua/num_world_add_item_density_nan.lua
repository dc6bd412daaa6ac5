
local sk = require "springkit"
local w = sk.world()
w:add_item{density = 0/0}
