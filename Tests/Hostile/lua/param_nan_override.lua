--! args: --param damping=nan
--! exit: 2
local sk = require "springkit"
sk.param("damping", 0.5)
