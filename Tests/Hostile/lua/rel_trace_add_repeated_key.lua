--! exit: 2
--! stderr: rel_trace_add_repeated_key.lua:6: bad argument #1 to 'Trace:add' (repeats the previous row's frame 0, id 0
local sk = require "springkit"
local tr = sk.trace{"x"}
tr:add(0, 0, 0, 1)
tr:add(0, 0, 0, 2)
return tr
