--! exit: 0
-- Keys far apart but in order, and negative ones, are accepted.
local sk = require "springkit"
local tr = sk.trace{"x"}
tr:add(-1e300, 0, -5, 1)
tr:add(-1e300, 0, 7, 1)
tr:add(1e300, 0, -1e300, 1)
return tr
