--! exit: 0
local sk = require "springkit"
local keep
setmetatable({}, {__gc = function(o) keep = o; setmetatable(o, getmetatable(o)) end})
