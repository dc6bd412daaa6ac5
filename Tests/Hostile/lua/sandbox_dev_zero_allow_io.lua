--! args: --allow-io
--! exit: 2
--! stderr: not a regular file
local sk = require "springkit"
sk.load_trace("/dev/zero")
