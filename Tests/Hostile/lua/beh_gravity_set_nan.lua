--! exit: 2
--! stderr: beh_gravity_set_nan.lua:6: cannot set Gravity.angle: finite number expected, got nan
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
local g = w:gravity{}; g.angle = 0/0
