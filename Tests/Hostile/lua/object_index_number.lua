--! exit: 2
--! stderr: object_index_number.lua:6: bad argument #2 to 'World.__index' (string expected, got number)

local sk = require "springkit"
local w = sk.world()
print(w[1])
