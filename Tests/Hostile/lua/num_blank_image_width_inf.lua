
local sk = require "springkit"
sk.blank_image(math.huge, 4)
