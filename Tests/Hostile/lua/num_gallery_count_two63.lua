
local sk = require "springkit"
sk.gallery{count = 2^63}
