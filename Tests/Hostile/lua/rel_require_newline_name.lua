--! exit: 2
--! stderr: rel_require_newline_name.lua:4: module 'lib.a\x0A::error::b' not found
local sk = require "springkit"
require "lib.a\n::error::b"
