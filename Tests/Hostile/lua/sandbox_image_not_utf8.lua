--! exit: 2
local sk = require "springkit"
sk.load_dot_image("trace.csv")
