--! exit: 2
--! stderr: missing.csv
local sk = require "springkit"
sk.load_trace("missing.csv")
