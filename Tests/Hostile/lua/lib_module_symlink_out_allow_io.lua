--! symlink: lib/escape.lua -> /etc/hostname
--! args: --allow-io
--! exit: 2
--! stderr: lib/escape.lua:2: syntax error near <eof>
local sk = require "springkit"
require "lib.escape"
