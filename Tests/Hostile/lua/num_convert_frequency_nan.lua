
local sk = require "springkit"
sk.convert("uikit", {frequency = 0/0, damping = 0.5})
