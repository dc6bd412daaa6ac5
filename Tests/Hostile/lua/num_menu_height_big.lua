--! exit: 0

local sk = require "springkit"
sk.rubber_menu{height = 1e308}
