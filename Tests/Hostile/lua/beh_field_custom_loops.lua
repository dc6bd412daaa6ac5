--! exit: 2
--! stderr: beh_field_custom_loops.lua:6: instruction budget exceeded (20000000 instructions; raise it with --max-instructions)
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:field{kind = 'custom', items = {a}, force = function() while true do end end}; w:step()
