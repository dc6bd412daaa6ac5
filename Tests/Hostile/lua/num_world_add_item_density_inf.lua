--! exit: 2
--! stderr: num_world_add_item_density_inf.lua:6: bad argument #1 to 'World:add_item' (density must be a positive number,

local sk = require "springkit"
local w = sk.world()
w:add_item{density = math.huge}
