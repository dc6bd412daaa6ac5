--! exit: 2
--! stderr: num_blank_image_width_frac.lua:5: bad argument #1 to 'springkit.blank_image' (width must be a whole number in

local sk = require "springkit"
sk.blank_image(0.5, 4)
