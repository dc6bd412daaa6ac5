
local sk = require "springkit"
sk.dot_art{dot = 0/0}
