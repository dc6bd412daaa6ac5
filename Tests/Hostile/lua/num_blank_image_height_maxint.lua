--! exit: 2
--! stderr: num_blank_image_height_maxint.lua:5: bad argument #2 to 'springkit.blank_image' (height must be a whole number

local sk = require "springkit"
sk.blank_image(4, math.maxinteger)
