--! exit: 2
local sk = require "springkit"
error(string.rep("x", 1e6))
