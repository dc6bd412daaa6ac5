--! exit: 2
--! stderr: beh_gravity_unknown_item.lua:6: bad argument #1 to 'World:gravity' (no item 12345 in this world)
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:gravity{items = {12345}}
