--! args: --max-memory 64
--! exit: 2
local sk = require "springkit"
local s = string.rep("x", 1e12)
