
local sk = require "springkit"
sk.blank_image(0/0, 4)
