--! exit: 2
--! stderr: beh_action_errors.lua:6: in the action
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
local g = w:gravity{items = {a}, action = function() error('in the action') end}; w:step()
