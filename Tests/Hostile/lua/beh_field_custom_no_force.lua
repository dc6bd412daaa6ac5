--! exit: 2
--! stderr: beh_field_custom_no_force.lua:6: bad argument #1 to 'World:field' (field 'force': a custom field needs force = function(x, y, vx, vy, mass, charge, t) returning
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:field{kind = 'custom', items = {a}}
