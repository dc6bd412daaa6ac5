--! exit: 2
--! stderr: rel_trace_add_id_backwards.lua:6: bad argument #1 to 'Trace:add' (frame 3, id 1 comes after frame 3, id 2
local sk = require "springkit"
local tr = sk.trace{"x"}
tr:add(3, 0, 2, 1)
tr:add(3, 0, 1, 2)
return tr
