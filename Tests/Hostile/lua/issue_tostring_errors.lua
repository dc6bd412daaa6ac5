--! exit: 2
--! stderr: issue_tostring_errors.lua:
local sk = require "springkit"
error(setmetatable({}, {__tostring = function() error("nested") end}))
