--! exit: 2
local sk = require "springkit"
sk.velocity_tracker{window = -1}
