
local sk = require "springkit"
sk.dot_art{columns = 0/0}
