
local sk = require "springkit"
sk.gallery{count = 0/0}
