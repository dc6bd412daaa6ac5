--! args: --max-instructions 30000000
--! exit: 2
--! stderr: instruction budget exceeded
local sk = require "springkit"
while true do end
