--! exit: 2
--! stderr: bad argument #1 to 'World:springs_of'
local sk = require "springkit"
local w = sk.world()
w:springs_of(0/0)
