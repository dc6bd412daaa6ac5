--! exit: 2
--! stderr: inside
local sk = require "springkit"
local co = coroutine.create(function() error("inside") end)
local ok, e = coroutine.resume(co)
error(e, 0)
