--! exit: 2
--! stderr: num_world_step_until_rest_inf.lua:6: bad argument #1 to 'World:step_until_rest' (limit must be a finite number

local sk = require "springkit"
local w = sk.world()
w:step_until_rest(math.huge)
