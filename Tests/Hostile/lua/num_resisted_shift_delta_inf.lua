--! exit: 0

local sk = require "springkit"
print(sk.resisted_shift{delta = math.huge, touch_y = 0, anchor_y = 100})
