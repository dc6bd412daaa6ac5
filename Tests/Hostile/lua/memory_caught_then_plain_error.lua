--! args: --max-memory 64
--! exit: 2
--! stderr: after false
local sk = require "springkit"
local ok, err = pcall(string.rep, "x", 1e10)
error("after " .. tostring(ok))
