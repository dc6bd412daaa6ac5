--! exit: 2
local sk = require "springkit"
local w = sk.world()
w:set_enabled(2^63, true)
