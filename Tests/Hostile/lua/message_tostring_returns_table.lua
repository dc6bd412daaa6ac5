--! exit: 2
local sk = require "springkit"
error(setmetatable({}, {__tostring = function() return {} end}))
