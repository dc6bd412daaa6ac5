--! exit: 2
--! stderr: sandbox_load_binary.lua:4: attempt to call a nil value
local sk = require "springkit"
load(string.dump(function() end))()
