--! exit: 2
--! stderr: col_insets_nan.lua:6: bad argument #1 to 'World:collision' (field 'insets': top must be finite, got nan)
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:collision{items = {a}, insets = {0/0, 0, 0, 0}}
