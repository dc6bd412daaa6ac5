--! args: --max-instructions 30000000
--! exit: 2
--! stderr: budget_trace_add_loop.lua:6: instruction budget exceeded (30000000 instructions; raise it with --max-instructi
local sk = require "springkit"
local tr = sk.trace{"a", "b", "c"}
for i = 1, 1e9 do tr:add(i, i, 1, i, i, i) end
