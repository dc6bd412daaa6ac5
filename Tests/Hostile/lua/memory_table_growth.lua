--! args: --max-memory 32
--! exit: 2
--! stderr: memory_table_growth.lua: memory limit exceeded
local sk = require "springkit"
local t = {}
for i = 1, 1e9 do t[i] = {i} end
