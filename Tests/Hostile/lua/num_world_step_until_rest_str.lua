--! exit: 2
--! stderr: num_world_step_until_rest_str.lua:6: bad argument #1 to 'World:step_until_rest' (number expected, got string)

local sk = require "springkit"
local w = sk.world()
w:step_until_rest("x")
