--! exit: 2
--! stderr: beh_push_offset_nan.lua:6: bad argument #2 to 'Push:set_offset' (finite number expected, got nan)
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
local p = w:push{items = {a}}; p:set_offset(a, 0/0, 1)
