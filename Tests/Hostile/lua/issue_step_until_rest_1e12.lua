--! exit: 2
--! stderr: instruction budget exceeded
local sk = require "springkit"
local w = sk.world{rest_time = math.huge}
local a = w:add_item{x = 100}
w:attach(a, {anchor = {0, 0}, damping = 0, frequency = 1})
w:step_until_rest(1e12)
