--! exit: 2
--! stderr: num_tolerance_abs_neg.lua:5: bad argument #1 to 'springkit.tolerance' (tolerances must be ≥ 0)

local sk = require "springkit"
sk.tolerance{abs = -1}
