--! exit: 2
--! stderr: col_bad_mode.lua:6: bad argument #1 to 'World:collision' (field 'mode': expected 'items', 'boundaries' or 'everything', got 'walls')
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:collision{items = {a}, mode = "walls"}
