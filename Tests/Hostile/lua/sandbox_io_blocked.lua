--! exit: 2
--! stderr: sandboxed
local sk = require "springkit"
io.open("/etc/passwd")
