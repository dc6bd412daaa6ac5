--! exit: 2
--! stderr: beh_field_custom_returns_nan.lua:6: a custom field's force function must return two finite numbers fx, fy (newtons), got nan, 0
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:field{kind = 'custom', items = {a}, force = function() return 0/0, 0 end}; w:step()
