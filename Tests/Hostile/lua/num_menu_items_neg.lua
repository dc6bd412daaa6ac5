
local sk = require "springkit"
sk.rubber_menu{items = -1}
