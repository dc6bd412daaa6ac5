
local sk = require "springkit"
sk.gallery{count = -1}
