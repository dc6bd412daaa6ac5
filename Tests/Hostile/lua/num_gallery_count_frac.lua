--! exit: 2
--! stderr: num_gallery_count_frac.lua:5: bad argument #1 to 'springkit.gallery' (field 'count': value must be a whole num

local sk = require "springkit"
sk.gallery{count = 0.5}
