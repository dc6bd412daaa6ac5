--! exit: 2
--! stderr: sandbox_load_binary.lua:3: attempt to call a nil value
local sk = require "springkit"
load(string.dump(function() end))()
