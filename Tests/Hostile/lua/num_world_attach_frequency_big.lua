--! exit: 0

local sk = require "springkit"
local w = sk.world()
local a = w:add_item{}
w:attach(a, {anchor = {0, 0}, frequency = 1e308})
