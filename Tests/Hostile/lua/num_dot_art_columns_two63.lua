
local sk = require "springkit"
sk.dot_art{columns = 2^63}
