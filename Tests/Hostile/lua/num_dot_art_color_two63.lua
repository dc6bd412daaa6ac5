
local sk = require "springkit"
local a = sk.dot_art{columns = 8, rows = 8}
a:color(2^63)
