--! exit: 2
--! stderr: rel_require_escape_name.lua:2: module 'x\x1B[2Jy' not found
local sk = require "springkit"
require "x\27[2Jy"
