--! symlink: up -> /etc
--! exit: 2
--! stderr: outside the script's folder
local sk = require "springkit"
sk.load_trace("up/passwd")
