--! args: --max-instructions 99999999999999999999999
local sk = require "springkit"
print(1)
