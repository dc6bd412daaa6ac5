--! exit: 2
--! stderr: issue_world_huge_frame.lua:7: bad argument #1 to 'World:step' (the step (0.008333333767950535 s) is too small
local sk = require "springkit"
local w = sk.world{frame = 1e300, max_frame = 1e301}
local a = w:add_item{x = 100}
w:attach(a, {anchor = {0, 0}, damping = 0.5, frequency = 1})
w:step()
