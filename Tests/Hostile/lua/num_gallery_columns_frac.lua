
local sk = require "springkit"
sk.gallery{columns = 0.5}
