
local sk = require "springkit"
sk.blank_image(-1, 4)
