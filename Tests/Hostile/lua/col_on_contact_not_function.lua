--! exit: 2
--! stderr: col_on_contact_not_function.lua:6: bad argument #1 to 'World:collision' (field 'on_contact': function expected, got string)
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:collision{items = {a}, on_contact = "print"}
