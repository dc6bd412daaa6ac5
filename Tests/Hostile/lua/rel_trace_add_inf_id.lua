--! exit: 2
--! stderr: rel_trace_add_inf_id.lua:5: bad argument #1 to 'Trace:add' (frame and id must be finite numbers
local sk = require "springkit"
local tr = sk.trace{"x"}
tr:add(0, 0, 1/0, 1)
return tr
