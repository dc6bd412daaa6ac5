--! exit: 2
--! stderr: stack overflow
local sk = require "springkit"
local function f() return 1 + f() end
f()
