-- issue 12: printing the metric trapped
--! exit: 0
local sk = require "springkit"
sk.metric("e", 1e19)
