--! exit: 2
--! stderr: num_gallery_count_neg.lua:5: bad argument #1 to 'springkit.gallery' (count must be 0…100000)

local sk = require "springkit"
sk.gallery{count = -1}
