--! exit: 2
--! stderr: num_gallery_columns_neg.lua:5: bad argument #1 to 'springkit.gallery' (gallery layout needs columns > 0, width

local sk = require "springkit"
sk.gallery{columns = -1}
