-- issue 12: a 1...0 range trapped
--! exit: 2
--! stderr: bad argument #1 to 'Trace:value'
local sk = require "springkit"
local tr = sk.trace{"x"}
print(tr:value(1, "x"))
