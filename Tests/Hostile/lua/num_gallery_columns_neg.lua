
local sk = require "springkit"
sk.gallery{columns = -1}
