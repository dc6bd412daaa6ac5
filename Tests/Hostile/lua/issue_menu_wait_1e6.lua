--! exit: 2
--! stderr: issue_menu_wait_1e6.lua:5: instruction budget exceeded (20000000 instructions; raise it with --max-instruction
local sk = require "springkit"
local m = sk.rubber_menu()
m:wait(1e6)
