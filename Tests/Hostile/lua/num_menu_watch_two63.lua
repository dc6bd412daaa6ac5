--! exit: 2
--! stderr: num_menu_watch_two63.lua:5: bad argument #1 to 'springkit.rubber_menu' (field 'watch': value must be a whole n

local sk = require "springkit"
sk.rubber_menu{watch = 2^63}
