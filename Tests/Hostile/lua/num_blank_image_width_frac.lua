
local sk = require "springkit"
sk.blank_image(0.5, 4)
