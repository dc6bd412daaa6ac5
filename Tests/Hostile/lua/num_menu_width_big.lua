--! exit: 0

local sk = require "springkit"
sk.rubber_menu{width = 1e308}
