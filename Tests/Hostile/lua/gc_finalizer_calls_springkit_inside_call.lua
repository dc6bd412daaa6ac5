--! exit: 0
local sk = require "springkit"
local tr = sk.trace{"x"}
for i = 1, 2000 do setmetatable({}, {__gc = function() tr:add(1, 1, 1, 1) end}) end
for i = 1, 200 do tr:column("x") end
