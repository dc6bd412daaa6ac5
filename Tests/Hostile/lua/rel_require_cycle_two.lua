--! exit: 2
--! stderr: lib/pong.lua:1: module 'lib.ping' is required again while it loads (a require cycle)
local sk = require "springkit"
require "lib.ping"
