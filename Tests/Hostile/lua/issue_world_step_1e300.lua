--! exit: 2
local sk = require "springkit"
local w = sk.world{step = 1e-300}
local a = w:add_item{x = 100}
w:attach(a, {anchor = {0, 0}, damping = 0.5, frequency = 1})
w:step()
