--! exit: 2
--! stderr: att_snap_nan_damping.lua:6: bad argument #1 to 'World:snap' (snap point must be finite and damping a finite number ≥ 0)
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
w:snap{item = a, point = {0, 0}, damping = 0/0}
