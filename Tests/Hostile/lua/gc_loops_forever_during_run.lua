--! exit: 2
--! stderr: instruction budget exceeded
local sk = require "springkit"
setmetatable({}, {__gc = function() while true do end end})
collectgarbage()
print("not reached")
