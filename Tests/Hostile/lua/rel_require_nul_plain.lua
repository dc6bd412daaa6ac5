--! exit: 2
--! stderr: rel_require_nul_plain.lua:4: module 'x\x00y' not found (scripts may require 'springkit'
local sk = require "springkit"
require "x\0y"
