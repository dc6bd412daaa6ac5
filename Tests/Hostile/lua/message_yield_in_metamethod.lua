--! exit: 2
--! stderr: message_yield_in_metamethod.lua:4: attempt to yield from outside a coroutine
local sk = require "springkit"
local t = setmetatable({}, {__index = function() coroutine.yield() end})
print(t.x)
