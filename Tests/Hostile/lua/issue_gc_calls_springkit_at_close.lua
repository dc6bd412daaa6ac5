-- issue 12: SIGSEGV while the state closes
--! exit: 0
local sk = require "springkit"
setmetatable({}, {__gc = function() sk.world():add_item{x = 1} end})
return nil
