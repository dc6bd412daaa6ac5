--! args: --timeout -1
--! exit: 2
--! stderr: --timeout
local sk = require "springkit"
print(1)
