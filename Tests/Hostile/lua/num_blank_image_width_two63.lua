
local sk = require "springkit"
sk.blank_image(2^63, 4)
