--! exit: 2
--! stderr: is a directory
local sk = require "springkit"
sk.load_trace(".")
