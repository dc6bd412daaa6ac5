--! exit: 2
--! stderr: col_set_unknown_field.lua:6: cannot set Collision.boundary: no such writable field (writable: action, insets, mode, on_contact, reference_bounds)
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
local c = w:collision{items = {a}}; c.boundary = {}
