--! exit: 2
--! stderr: lib/loop.lua:2: module 'lib.loop' is required again while it loads (a require cycle)
local sk = require "springkit"
require "lib.loop"
