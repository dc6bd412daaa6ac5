--! exit: 0
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
local g = w:gravity{items = {a}}; g:remove(); g:remove(); g:add_item(99)
