--! exit: 2
--! stderr: rel_trace_add_frame_backwards.lua:6: bad argument #1 to 'Trace:add' (frame 0, id 5 comes after frame 1, id 0
local sk = require "springkit"
local tr = sk.trace{"x"}
tr:add(1, 0, 0, 1)
tr:add(0, 0, 5, 2)
return tr
