--! exit: 2
local sk = require "springkit"
local w = sk.world()
for i = 1, 1e8 do w:add_item{x = i} end
