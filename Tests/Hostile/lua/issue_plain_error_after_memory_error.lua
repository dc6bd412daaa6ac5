--! args: --max-memory 16
--! exit: 2
--! stderr: plain failure
local sk = require "springkit"
local ok = pcall(function() local t = {} for i = 1, 1e9 do t[i] = i end end)
assert(not ok)
error("plain failure")
