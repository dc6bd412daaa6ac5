
local sk = require "springkit"
sk.dot_art{columns = math.huge}
