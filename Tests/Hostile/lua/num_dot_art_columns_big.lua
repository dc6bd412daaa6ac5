
local sk = require "springkit"
sk.dot_art{columns = 1e308}
