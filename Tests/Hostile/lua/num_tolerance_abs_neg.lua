
local sk = require "springkit"
sk.tolerance{abs = -1}
