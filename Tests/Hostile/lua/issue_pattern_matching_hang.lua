-- C pattern matching never reaches the count hook: the watchdog ends it
--! args: --timeout 2
--! exit: 2
--! stderr: timed out
local sk = require "springkit"
print(string.find(string.rep("a", 40), string.rep("a*", 40) .. "b"))
