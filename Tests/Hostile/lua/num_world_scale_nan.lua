
local sk = require "springkit"
sk.world{scale = 0/0}
