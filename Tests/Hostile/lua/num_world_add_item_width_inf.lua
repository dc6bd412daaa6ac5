--! exit: 2
--! stderr: num_world_add_item_width_inf.lua:6: bad argument #1 to 'World:add_item' (item size must be finite and ≥ 0)

local sk = require "springkit"
local w = sk.world()
w:add_item{width = math.huge}
