--! exit: 2
--! stderr: message_huge_error_string.lua:4: xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
local sk = require "springkit"
error(string.rep("x", 1e6))
