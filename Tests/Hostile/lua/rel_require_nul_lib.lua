--! exit: 2
--! stderr: rel_require_nul_lib.lua:5: module 'lib.a\x00b' not found: no lib/a\x00b.lua beside the script
local sk = require "springkit"

require "lib.a\0b"
