--! exit: 2
--! stderr: beh_field_custom_errors.lua:6: inside the force
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:field{kind = 'custom', items = {a}, force = function() error('inside the force') end}; w:step()
