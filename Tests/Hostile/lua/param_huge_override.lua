--! args: --param damping=1e400
--! exit: 2
--! stderr: invalid value for parameter 'damping': '1e400' is not a finite number
local sk = require "springkit"
sk.param("damping", 0.5, {min = 0, max = 1})
