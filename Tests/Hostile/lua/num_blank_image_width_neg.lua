--! exit: 2
--! stderr: num_blank_image_width_neg.lua:5: bad argument #1 to 'springkit.blank_image' (width must be a whole number in 1

local sk = require "springkit"
sk.blank_image(-1, 4)
