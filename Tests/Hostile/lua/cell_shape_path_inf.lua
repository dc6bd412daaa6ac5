--! exit: 2
local sk = require "springkit"
local s = sk.cell_shape{width = 10, height = 10}
s:path(math.huge)
