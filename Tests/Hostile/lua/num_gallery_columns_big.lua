--! exit: 2
--! stderr: num_gallery_columns_big.lua:5: bad argument #1 to 'springkit.gallery' (field 'columns': value must be a whole

local sk = require "springkit"
sk.gallery{columns = 1e308}
