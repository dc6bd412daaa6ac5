--! exit: 2
--! stderr: num_gallery_count_two63.lua:5: bad argument #1 to 'springkit.gallery' (field 'count': value must be a whole nu

local sk = require "springkit"
sk.gallery{count = 2^63}
