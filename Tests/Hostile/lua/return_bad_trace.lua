--! exit: 2
--! stderr: return_bad_trace.lua: the returned table's 'trace' is not a trace
local sk = require "springkit"
return {trace = 1}
