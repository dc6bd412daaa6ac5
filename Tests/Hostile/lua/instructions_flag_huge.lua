--! args: --max-instructions 99999999999999999999999
--! exit: 2
--! stderr: --max-instructions: '99999999999999999999999' is not a positive whole number
local sk = require "springkit"
print(1)
