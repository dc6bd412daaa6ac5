--! exit: 2
--! stderr: springkit.project_fling
local sk = require "springkit"
print(sk.project_fling(0, 0/0))
