--! symlink: lib/escape.lua -> /etc/passwd
--! exit: 2
--! stderr: outside the script's folder
local sk = require "springkit"
require "lib.escape"
