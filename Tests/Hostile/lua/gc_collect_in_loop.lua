--! exit: 0
local sk = require "springkit"
local w = sk.world()
for i = 1, 1000 do setmetatable({}, {__gc = function() w:add_item{x = i} end}) collectgarbage("step") end
