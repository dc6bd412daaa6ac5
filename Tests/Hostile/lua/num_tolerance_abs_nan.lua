
local sk = require "springkit"
sk.tolerance{abs = 0/0}
