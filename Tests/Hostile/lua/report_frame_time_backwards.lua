--! exit: 2
--! stderr: Report:frame
local sk = require "springkit"
local r = sk.report{viewport = {320, 568}}
r:frame{t = 1}
r:frame{t = 0}
