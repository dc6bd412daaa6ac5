--! exit: 2
--! stderr: num_world_add_item_x_inf.lua:6: bad argument #1 to 'World:add_item' (item center and velocity must be finite)

local sk = require "springkit"
local w = sk.world()
w:add_item{x = math.huge}
