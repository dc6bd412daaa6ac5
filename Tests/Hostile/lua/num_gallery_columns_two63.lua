--! exit: 2
--! stderr: num_gallery_columns_two63.lua:5: bad argument #1 to 'springkit.gallery' (field 'columns': value must be a whol

local sk = require "springkit"
sk.gallery{columns = 2^63}
