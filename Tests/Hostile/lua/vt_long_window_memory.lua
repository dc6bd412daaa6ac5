--! args: --max-memory 16 --max-instructions 2000000000
--! exit: 2
--! stderr: memory limit exceeded (16 MiB
local sk = require "springkit"
local vt = sk.velocity_tracker{window = 1e300}
for i = 1, 100000000 do vt:add(i, i, i) end
