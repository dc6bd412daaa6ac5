--! exit: 2
--! stderr: 'Trace:add'
local sk = require "springkit"
local tr = sk.trace{"x"}
tr:add(1, 2)
