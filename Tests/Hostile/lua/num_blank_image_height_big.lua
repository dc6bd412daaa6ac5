
local sk = require "springkit"
sk.blank_image(4, 1e308)
