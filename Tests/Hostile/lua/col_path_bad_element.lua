--! exit: 2
--! stderr: col_path_bad_element.lua:6: bad argument #1 to 'Collision:add_boundary' (field 'path': element [2]: table expected)
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
local c = w:collision{}; c:add_boundary{id = "p", path = {{0, 0}, "close"}}
