--! exit: 2
--! stderr: beh_gravity_bad_direction.lua:6: bad argument #1 to 'World:gravity' (direction must be finite)
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:gravity{direction = {0/0, 1}}
