--! exit: 2
local sk = require "springkit"
sk.preset("p", {damping = 0/0})
