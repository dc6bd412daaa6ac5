--! exit: 0
local sk = require "springkit"
setmetatable({}, {__gc = function() error("boom") end})
collectgarbage()
print("ok")
