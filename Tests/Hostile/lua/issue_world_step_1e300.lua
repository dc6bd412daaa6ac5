--! exit: 2
--! stderr: issue_world_step_1e300.lua:7: bad argument #1 to 'World:step' (the step (1e-300 s) is too small for a frame of
local sk = require "springkit"
local w = sk.world{step = 1e-300}
local a = w:add_item{x = 100}
w:attach(a, {anchor = {0, 0}, damping = 0.5, frequency = 1})
w:step()
