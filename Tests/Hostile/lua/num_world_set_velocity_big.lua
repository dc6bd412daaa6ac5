--! exit: 0

local sk = require "springkit"
local w = sk.world()
local a = w:add_item{}
w:set_velocity(a, 1e308, 0)
