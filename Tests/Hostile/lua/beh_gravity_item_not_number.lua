--! exit: 2
--! stderr: beh_gravity_item_not_number.lua:6: bad argument #1 to 'World:gravity' (element [1]: number expected, got string)
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:gravity{items = {'x'}}
