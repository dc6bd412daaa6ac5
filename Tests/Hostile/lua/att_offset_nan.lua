--! exit: 2
--! stderr: att_offset_nan.lua:6: bad argument #1 to 'World:attach' (offset must be finite)
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:attach(a, {anchor = {0, 0}, offset = {0/0, 0}})
