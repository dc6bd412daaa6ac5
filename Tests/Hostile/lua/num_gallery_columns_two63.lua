
local sk = require "springkit"
sk.gallery{columns = 2^63}
