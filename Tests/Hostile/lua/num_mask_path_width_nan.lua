--! exit: 0

local sk = require "springkit"
sk.mask_path{width = 0/0}
