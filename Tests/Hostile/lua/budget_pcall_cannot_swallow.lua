--! args: --max-instructions 30000000
--! exit: 2
--! stderr: instruction budget exceeded
local sk = require "springkit"
local w = sk.world()
for i = 1, 10 do pcall(function() w:step_frames(1e15) end) end
print("survived")
