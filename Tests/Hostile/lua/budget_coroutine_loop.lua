--! args: --max-instructions 30000000
--! exit: 2
--! stderr: instruction budget exceeded
local sk = require "springkit"
local co = coroutine.wrap(function() while true do end end)
co()
