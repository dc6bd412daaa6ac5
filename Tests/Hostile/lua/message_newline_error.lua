--! exit: 2
--! stderr: line one
local sk = require "springkit"
error("line one\nline two")
