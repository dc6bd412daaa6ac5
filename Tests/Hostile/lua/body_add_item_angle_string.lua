--! exit: 2
--! stderr: body_add_item_angle_string.lua:6: bad argument #1 to 'World:add_item' (field 'angle': number expected, got string)
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:add_item{angle = 'tilted'}
