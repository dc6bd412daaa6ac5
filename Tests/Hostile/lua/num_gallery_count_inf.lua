--! exit: 2
--! stderr: num_gallery_count_inf.lua:5: bad argument #1 to 'springkit.gallery' (field 'count': value must be a whole numb

local sk = require "springkit"
sk.gallery{count = math.huge}
