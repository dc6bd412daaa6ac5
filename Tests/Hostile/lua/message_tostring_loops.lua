--! args: --max-instructions 10000000
--! exit: 2
--! stderr: message_tostring_loops.lua:5: (error object is a table value whose __tostring failed) (instruction budget exce
local sk = require "springkit"
error(setmetatable({}, {__tostring = function() while true do end end}))
