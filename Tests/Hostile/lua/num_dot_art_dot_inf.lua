
local sk = require "springkit"
sk.dot_art{dot = math.huge}
