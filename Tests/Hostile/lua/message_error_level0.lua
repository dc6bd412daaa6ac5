--! exit: 2
--! stderr: no position
local sk = require "springkit"
error("no position", 0)
