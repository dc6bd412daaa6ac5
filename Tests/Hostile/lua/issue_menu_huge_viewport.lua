--! exit: 2
local sk = require "springkit"
local m = sk.rubber_menu{items = 100000000, width = 320, height = 1e9}
