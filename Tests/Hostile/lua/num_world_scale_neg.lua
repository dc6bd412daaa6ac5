
local sk = require "springkit"
sk.world{scale = -1}
