--! exit: 2
--! stderr: sandboxed
local sk = require "springkit"
debug.sethook()
