
local sk = require "springkit"
sk.dot_art{dot = -1}
