--! exit: 2
--! stderr: sandbox_dotdot_inside.lua:5: bad argument #1 to 'springkit.load_trace' (sub/../trace.csv: No such file or dire

local sk = require "springkit"
sk.load_trace("sub/../trace.csv")
