--! args: --max-instructions 30000000
--! exit: 2
local sk = require "springkit"
local tr = sk.trace{"a", "b", "c"}
for i = 1, 1e9 do tr:add(i, i, 1, i, i, i) end
