--! exit: 2
--! stderr: col_curve_budget.lua:7: instruction budget exceeded (20000000 instructions; raise it with --max-instructions)
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
local c = w:collision{}
for k = 1, 100 do c:add_boundary{id = "wave" .. k, path = {{-1e7, -1e7}, {op = "curve", to = {1e7, 1e7}, c1 = {1e7, -1e7}, c2 = {-1e7, 1e7}}}} end
