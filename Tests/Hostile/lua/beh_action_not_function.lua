--! exit: 2
--! stderr: beh_action_not_function.lua:6: cannot set Gravity.action: function expected, got number
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
local g = w:gravity{}; g.action = 5
