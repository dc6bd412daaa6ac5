
local sk = require "springkit"
sk.gallery{columns = 1e308}
