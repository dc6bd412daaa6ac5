--! exit: 2
--! stderr: beh_gravity_nan_angle.lua:6: bad argument #1 to 'World:gravity' (angle and magnitude must be finite)
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
local g = w:gravity{items = {a}, angle = 0/0}
