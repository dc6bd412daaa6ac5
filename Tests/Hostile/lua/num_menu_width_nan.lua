
local sk = require "springkit"
sk.rubber_menu{width = 0/0}
