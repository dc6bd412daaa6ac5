-- a __gc added after setmetatable never runs (the object was not marked for finalization)
--! exit: 0
local sk = require "springkit"
local mt = {}
local t = setmetatable({}, mt)
mt.__gc = function() while true do end end
