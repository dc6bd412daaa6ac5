
local sk = require "springkit"
local m = sk.rubber_menu()
m:wait_until_rest(-1)
