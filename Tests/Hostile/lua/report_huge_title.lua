--! args: --report out.html
--! exit: 0
local sk = require "springkit"
local m = sk.rubber_menu()
local r = m:report(string.rep("t", 1e6))
return {report = r}
