--! exit: 2
--! stderr: sandbox_nul_in_name.lua:4: bad argument #1 to 'springkit.load_trace' ('trace.csv\0../../etc/passwd': not a fil
local sk = require "springkit"
sk.load_trace("trace.csv\0../../etc/passwd")
