
local sk = require "springkit"
sk.blank_image(4, 2^63)
