
local sk = require "springkit"
sk.gallery{count = 1e308}
