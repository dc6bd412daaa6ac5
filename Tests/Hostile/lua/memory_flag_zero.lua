--! args: --max-memory 0
--! exit: 2
--! stderr: --max-memory
local sk = require "springkit"
print(1)
