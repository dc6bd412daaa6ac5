--! exit: 2
--! stderr: beh_on_pause_not_function.lua:6: bad argument #1 to 'World:on_pause' (function expected, got number)
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:on_pause(7)
