--! exit: 2
--! stderr: col_set_on_contact_number.lua:6: cannot set Collision.on_contact: function expected, got number
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
local c = w:collision{items = {a}}; c.on_contact = 1
