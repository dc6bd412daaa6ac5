--! exit: 2
local sk = require "springkit"
sk.load_trace("trace.csv\0../../etc/passwd")
