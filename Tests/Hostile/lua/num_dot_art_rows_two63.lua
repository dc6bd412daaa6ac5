
local sk = require "springkit"
sk.dot_art{rows = 2^63}
