--! exit: 2
--! stderr: col_boundary_zero_length.lua:6: bad argument #1 to 'Collision:add_boundary' (invalid path for collision boundary (a line of no length))
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
local c = w:collision{}; c:add_boundary{id = "x", from = {5, 5}, to = {5, 5}}
