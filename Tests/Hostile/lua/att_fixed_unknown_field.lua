--! exit: 2
--! stderr: att_fixed_unknown_field.lua:6: bad argument #1 to 'World:fixed_attachment' (unknown field 'stiffness' (expected one of: anchor, friction_torque, item, item_b, r
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:fixed_attachment{item = a, anchor = {0, 0}, stiffness = 3}
