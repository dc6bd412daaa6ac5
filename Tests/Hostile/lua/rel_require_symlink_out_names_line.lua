--! symlink: lib/out.lua -> /etc/hostname
--! exit: 2
--! stderr: rel_require_symlink_out_names_line.lua:6: lib/out.lua: outside the script's folder
local sk = require "springkit"

require "lib.out"
