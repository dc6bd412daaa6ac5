--! exit: 2
--! stderr: return_function.lua: a script returns nothing, a trace, or a table {trace = ..., report = ...}
local sk = require "springkit"
return print
