--! args: --max-memory 32
--! exit: 2
--! stderr: memory_trace_column_huge.lua:8: memory limit exceeded
local sk = require "springkit"
local tr = sk.trace{"x"}
for i = 1, 2e5 do tr:add(i, i, 1, i) end
local cols = {}
for i = 1, 1e6 do cols[i] = tr:column("x") end
