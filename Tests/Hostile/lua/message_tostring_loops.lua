--! args: --max-instructions 10000000
--! exit: 2
local sk = require "springkit"
error(setmetatable({}, {__tostring = function() while true do end end}))
