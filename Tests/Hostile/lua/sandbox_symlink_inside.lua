--! symlink: alias.csv -> trace.csv
--! exit: 0
local sk = require "springkit"
assert(sk.load_trace("alias.csv"):rows() > 0)
