--! exit: 0

local sk = require "springkit"
sk.tolerance{abs = math.huge}
