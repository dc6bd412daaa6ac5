--! args: --max-memory 64 --max-instructions 1000000000
--! exit: 2
--! stderr: memory
local sk = require "springkit"
local r = sk.report{viewport = {320, 568}}
local shapes = {}
for i = 1, 2000 do shapes[i] = {rect = {0, 0, 10, 10}} end
for i = 1, 1e6 do r:frame{t = i, shapes = shapes} end
