--! exit: 0

local sk = require "springkit"
local tr = sk.trace{"x"}
tr:add(0, 0, 0, 1)
tr:settle_time{column = "x", epsilon = math.huge}
