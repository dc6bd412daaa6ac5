--! exit: 2
--! stderr: num_dot_art_columns_neg.lua:5: bad argument #1 to 'springkit.dot_art' (field 'columns': value must be a whole

local sk = require "springkit"
sk.dot_art{columns = -1}
