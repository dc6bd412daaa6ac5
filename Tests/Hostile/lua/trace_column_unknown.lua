--! exit: 2
--! stderr: no column
local sk = require "springkit"
local tr = sk.trace{"x"}
tr:column("nope")
