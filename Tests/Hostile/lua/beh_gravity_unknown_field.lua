--! exit: 2
--! stderr: beh_gravity_unknown_field.lua:6: bad argument #1 to 'World:gravity' (unknown field 'strength' (expected one of: action, angle, direction, items, magnitude))
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:gravity{items = {a}, strength = 1}
