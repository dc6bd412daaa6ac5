
local sk = require "springkit"
local w = sk.world()
print(w[1])
