
local sk = require "springkit"
sk.convert("uikit", {frequency = -1, damping = 0.5})
