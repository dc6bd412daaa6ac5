--! args: --param damping=1e400
--! exit: 2
local sk = require "springkit"
sk.param("damping", 0.5, {min = 0, max = 1})
