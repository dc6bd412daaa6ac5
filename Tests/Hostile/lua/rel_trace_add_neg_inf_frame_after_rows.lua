--! exit: 2
--! stderr: rel_trace_add_neg_inf_frame_after_rows.lua:6: bad argument #1 to 'Trace:add' (frame and id must be finite numbers
local sk = require "springkit"
local tr = sk.trace{"x"}
for f = 0, 9 do tr:add(f, f / 60, 0, f) end
tr:add(-1/0, 0, 0, 1)
return tr
