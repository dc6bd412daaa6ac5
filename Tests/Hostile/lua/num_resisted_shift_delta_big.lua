--! exit: 0

local sk = require "springkit"
print(sk.resisted_shift{delta = 1e308, touch_y = 0, anchor_y = 100})
