--! exit: 2
--! stderr: issue_yield_outside_coroutine.lua:4: attempt to yield
local sk = require "springkit"
coroutine.yield(1)
