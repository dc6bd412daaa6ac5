--! exit: 2
local sk = require "springkit"
local t = setmetatable({}, {__index = function() coroutine.yield() end})
print(t.x)
