--! exit: 2
--! stderr: not found
local sk = require "springkit"
require "socket"
