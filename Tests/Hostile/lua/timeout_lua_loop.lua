--! args: --timeout 1 --max-instructions 100000000000000
--! exit: 2
--! stderr: timed out
local sk = require "springkit"
while true do end
