--! args: --max-memory 64 --max-instructions 1000000000
--! exit: 2
--! stderr: memory
local sk = require "springkit"
local r = sk.report{viewport = {320, 568}}
local label = string.rep("m", 100000)
for i = 1, 1e6 do r:marker(label) end
