--! exit: 2
--! stderr: message_tostring_returns_table.lua:4: (error object is a table value whose __tostring failed)
local sk = require "springkit"
error(setmetatable({}, {__tostring = function() return {} end}))
