
local sk = require "springkit"
sk.tolerance{abs = math.huge}
