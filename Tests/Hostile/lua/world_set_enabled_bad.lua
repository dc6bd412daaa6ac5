--! exit: 2
--! stderr: world_set_enabled_bad.lua:5: bad argument #1 to 'World:set_enabled' (value must be a whole number in -90071992
local sk = require "springkit"
local w = sk.world()
w:set_enabled(2^63, true)
