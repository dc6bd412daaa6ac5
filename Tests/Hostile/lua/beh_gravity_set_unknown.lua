--! exit: 2
--! stderr: beh_gravity_set_unknown.lua:6: cannot set Gravity.magnitud: no such writable field (writable: action, angle, direction, magnitude)
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
local g = w:gravity{}; g.magnitud = 2
