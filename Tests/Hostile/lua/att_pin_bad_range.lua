--! exit: 2
--! stderr: att_pin_bad_range.lua:6: bad argument #1 to 'World:pin_attachment' (field 'range': {lower, upper} of finite numbers with lower ≤ upper expected)
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:pin_attachment{item = a, anchor = {0, 0}, range = {1, -1}}
