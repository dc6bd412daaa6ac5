--! exit: 2
--! stderr: body_angle_unknown_item.lua:6: bad argument #1 to 'World:angle' (no item 4242 in this world)
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:angle(4242)
