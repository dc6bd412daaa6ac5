--! exit: 2
--! stderr: num_dot_art_rows_two63.lua:5: bad argument #1 to 'springkit.dot_art' (field 'rows': value must be a whole numb

local sk = require "springkit"
sk.dot_art{rows = 2^63}
