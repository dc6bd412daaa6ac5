--! exit: 0
local sk = require "springkit"
local cols = {}
for i = 1, 1e5 do cols[i] = "c" .. i end
local tr = sk.trace(cols)
print(tr:rows())
