
local sk = require "springkit"
sk.convert("uikit", {frequency = 1e308, damping = 0.5})
