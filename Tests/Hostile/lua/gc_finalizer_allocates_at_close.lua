--! args: --max-memory 16
--! exit: 0
local sk = require "springkit"
setmetatable({}, {__gc = function() local t = {} for i = 1, 1e8 do t[i] = i end end})
