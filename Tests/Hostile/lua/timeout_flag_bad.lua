--! args: --timeout nan
--! exit: 2
--! stderr: --timeout
local sk = require "springkit"
print(1)
