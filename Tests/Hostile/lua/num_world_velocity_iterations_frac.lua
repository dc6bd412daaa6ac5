
local sk = require "springkit"
sk.world{velocity_iterations = 0.5}
