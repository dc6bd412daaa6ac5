--! exit: 2
--! stderr: beh_gravity_set_direction_string.lua:6: cannot set Gravity.direction: table expected, got string
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
local g = w:gravity{}; g.direction = 'down'
