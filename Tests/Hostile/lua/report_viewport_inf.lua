--! exit: 2
--! stderr: report_viewport_inf.lua:4: bad argument #1 to 'springkit.report' (field 'viewport': a positive, finite width a
local sk = require "springkit"
sk.report{viewport = {math.huge, 1}}
