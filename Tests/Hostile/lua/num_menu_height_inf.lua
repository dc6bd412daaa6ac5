
local sk = require "springkit"
sk.rubber_menu{height = math.huge}
