
local sk = require "springkit"
sk.rubber_menu{items = math.huge}
