--! exit: 2
--! args: --max-memory 64
--! stderr: issue_add_item_loop_1e8.lua: memory limit exceeded
local sk = require "springkit"
local w = sk.world()
for i = 1, 1e8 do w:add_item{x = i} end
