--! args: --max-memory 64
--! exit: 2
--! stderr: memory_string_rep.lua:5: resulting string too large
local sk = require "springkit"
local s = string.rep("x", 1e12)
