--! exit: 2
local sk = require "springkit"
sk.load_trace("")
