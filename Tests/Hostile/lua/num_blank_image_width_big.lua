
local sk = require "springkit"
sk.blank_image(1e308, 4)
