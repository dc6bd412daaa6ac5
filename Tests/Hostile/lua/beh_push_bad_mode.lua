--! exit: 2
--! stderr: beh_push_bad_mode.lua:6: bad argument #1 to 'World:push' (field 'mode': expected 'continuous' or 'instantaneous', got 'both')
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:push{items = {a}, mode = 'both'}
