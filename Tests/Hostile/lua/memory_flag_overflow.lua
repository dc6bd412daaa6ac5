--! args: --max-memory 17592186044417
--! exit: 2
--! stderr: --max-memory
local sk = require "springkit"
print(1)
