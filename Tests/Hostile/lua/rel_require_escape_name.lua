--! exit: 2
--! stderr: rel_require_escape_name.lua:4: module 'x\x1B[2Jy' not found
local sk = require "springkit"
require "x\27[2Jy"
