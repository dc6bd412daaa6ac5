--! args: --max-memory 64 --max-instructions 1000000000
--! exit: 2
--! stderr: world_item_ids_many.lua: memory limit exceeded
local sk = require "springkit"
local w = sk.world()
for i = 1, 1e6 do w:add_item{} end
local ids = w:item_ids()
