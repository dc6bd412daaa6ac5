--! exit: 0
local sk = require "springkit"
local img = sk.load_dot_image("image.txt")
assert(img.width > 0)
