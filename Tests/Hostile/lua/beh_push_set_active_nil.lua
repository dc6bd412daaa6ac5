--! exit: 2
--! stderr: beh_push_set_active_nil.lua:6: cannot set Push.mode: no such writable field (writable: action, active, angle, direction, magnitude)
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
local p = w:push{items = {a}}; p.mode = 'instantaneous'
