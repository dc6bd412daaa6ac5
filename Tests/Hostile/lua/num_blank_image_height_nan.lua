--! exit: 2
--! stderr: num_blank_image_height_nan.lua:5: bad argument #2 to 'springkit.blank_image' (height must be a whole number in

local sk = require "springkit"
sk.blank_image(4, 0/0)
