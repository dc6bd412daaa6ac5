--! args: --max-instructions 5000000
--! exit: 2
--! stderr: instruction budget exceeded
local sk = require "springkit"
local vt = sk.velocity_tracker{window = 1e308}
for i = 1, 1e8 do vt:add(i, i, i) end
