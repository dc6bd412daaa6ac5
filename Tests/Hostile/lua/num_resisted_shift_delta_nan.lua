--! exit: 0

local sk = require "springkit"
print(sk.resisted_shift{delta = 0/0, touch_y = 0, anchor_y = 100})
