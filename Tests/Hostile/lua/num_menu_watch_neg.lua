--! exit: 0

local sk = require "springkit"
sk.rubber_menu{watch = -1}
