--! exit: 2
local sk = require "springkit"
sk.flow_layout{items = 1e300, item_height = 10}
