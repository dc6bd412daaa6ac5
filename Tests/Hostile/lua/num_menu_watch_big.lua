--! exit: 2
--! stderr: num_menu_watch_big.lua:5: bad argument #1 to 'springkit.rubber_menu' (field 'watch': value must be a whole num

local sk = require "springkit"
sk.rubber_menu{watch = 1e308}
