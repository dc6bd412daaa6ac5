--! exit: 2
--! stderr: rel_trace_add_after_load_trace.lua:6: bad argument #1 to 'Trace:add' (frame 0, id 0 comes after frame
local sk = require "springkit"
local tr = sk.load_trace("trace.csv")
local row = {0, 0, 0}; for i = 4, #tr:columns() do row[i] = 0 end
tr:add(table.unpack(row))
return tr
