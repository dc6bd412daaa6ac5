--! exit: 2
--! stderr: rel_require_self.lua:4: module 'lib.loop' is required again while it loads (a require cycle)
local sk = require "springkit"
require "lib.loop"
