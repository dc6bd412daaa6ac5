--! exit: 2
--! stderr: beh_push_inf_angle.lua:6: bad argument #1 to 'World:push' (angle and magnitude must be finite)
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:push{items = {a}, angle = math.huge, magnitude = 1}
