
local sk = require "springkit"
sk.rubber_menu{cell_height = math.huge}
