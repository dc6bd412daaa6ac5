--! args: --max-instructions 5000000
--! exit: 2
--! stderr: report_frames_loop.lua:6: instruction budget exceeded (5000000 instructions; raise it with --max-instructions)
local sk = require "springkit"
local r = sk.report{viewport = {320, 568}}
for i = 1, 1e9 do r:frame{t = i, shapes = {{rect = {0, 0, 10, 10}}, {rect = {0, 0, 10, 10}}}} end
