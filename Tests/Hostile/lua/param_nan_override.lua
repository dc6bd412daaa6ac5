--! args: --param damping=nan
--! exit: 2
--! stderr: invalid value for parameter 'damping': 'nan' is not a finite number
local sk = require "springkit"
sk.param("damping", 0.5)
