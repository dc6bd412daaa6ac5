--! exit: 2
--! stderr: num_dot_art_columns_two63.lua:5: bad argument #1 to 'springkit.dot_art' (field 'columns': value must be a whol

local sk = require "springkit"
sk.dot_art{columns = 2^63}
