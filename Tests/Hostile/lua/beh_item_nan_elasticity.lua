--! exit: 2
--! stderr: beh_item_nan_elasticity.lua:6: bad argument #1 to 'World:item_behavior' (elasticity must be finite, got nan)
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:item_behavior{items = {a}, elasticity = 0/0}
