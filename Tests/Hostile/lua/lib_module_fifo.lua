--! fifo: lib/piped.lua
--! exit: 2
--! stderr: not a regular file
local sk = require "springkit"
require "lib.piped"
