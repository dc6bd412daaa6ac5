--! exit: 2
--! stderr: beh_item_resistance_below_step.lua:6: bad argument #1 to 'World:item_behavior' (resistance must be finite and above -119.99999374151263, got -1000)
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
local b = w:item_behavior{items = {a}, resistance = -1000}; w:step()
