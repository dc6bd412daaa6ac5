--! exit: 2
--! stderr: col_set_mode_number.lua:6: cannot set Collision.mode: string expected, got number
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
local c = w:collision{items = {a}}; c.mode = 3
