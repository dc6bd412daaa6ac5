--! exit: 2
--! stderr: beh_field_custom_returns_nothing.lua:6: a custom field's force function must return two finite numbers fx, fy (newtons), got nil, nil
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:field{kind = 'custom', items = {a}, force = function() end}; w:step()
