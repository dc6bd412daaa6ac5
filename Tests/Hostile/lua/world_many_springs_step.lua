--! args: --max-instructions 30000000
--! exit: 2
--! stderr: instruction budget exceeded
local sk = require "springkit"
local w = sk.world()
for i = 1, 20000 do local a = w:add_item{x = i} w:attach(a, {anchor = {0, 0}, damping = 0, frequency = 1}) end
w:step_seconds(1e9)
