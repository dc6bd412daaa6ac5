--! exit: 2
local sk = require "springkit"
load(string.dump(function() end))()
