--! args: --max-memory 32
--! exit: 2
local sk = require "springkit"
local t = {}
for i = 1, 1e9 do t[i] = {i} end
