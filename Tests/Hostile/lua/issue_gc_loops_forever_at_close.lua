-- a finalizer that never returns must still end (Lua runs finalizers with hooks off)
--! exit: 2
--! stderr: a finalizer (__gc) spent the instruction budget
local sk = require "springkit"
setmetatable({}, {__gc = function() while true do end end})
