--! exit: 2
--! stderr: num_blank_image_width_two63.lua:5: bad argument #1 to 'springkit.blank_image' (width must be a whole number in

local sk = require "springkit"
sk.blank_image(2^63, 4)
