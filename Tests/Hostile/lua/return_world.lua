--! exit: 2
--! stderr: return_world.lua: a script returns nothing, a trace, or a table {trace = ..., report = ...}
local sk = require "springkit"
return sk.world()
