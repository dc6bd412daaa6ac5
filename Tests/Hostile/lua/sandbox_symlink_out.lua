--! symlink: link.csv -> /etc/passwd
-- link.csv -> /etc/passwd (made by the harness via --! symlink)
--! exit: 2
--! stderr: outside the script's folder
local sk = require "springkit"
sk.load_trace("link.csv")
