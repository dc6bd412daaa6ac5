--! symlink: lib/escape.lua -> /etc/hostname
--! args: --allow-io
--! exit: 2
local sk = require "springkit"
require "lib.escape"
