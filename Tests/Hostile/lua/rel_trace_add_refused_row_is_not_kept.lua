--! exit: 0
-- A refused row (caught) leaves the trace as it was: the next row in order is accepted, the row count is 2.
local sk = require "springkit"
local tr = sk.trace{"x"}
tr:add(0, 0, 0, 1)
assert(not pcall(tr.add, tr, 0, 0, 0, 2))
tr:add(1, 0, 0, 3)
assert(tr:rows() == 2 and tr:value(2, "x") == 3, "the refused row was dropped")
return tr
