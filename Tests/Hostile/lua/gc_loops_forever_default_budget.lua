--! args: --max-instructions 250000000
--! exit: 2
--! stderr: finalizer
local sk = require "springkit"
setmetatable({}, {__gc = function() while true do end end})
