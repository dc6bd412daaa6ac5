--! exit: 2
local sk = require "springkit"
sk.report{viewport = {math.huge, 1}}
