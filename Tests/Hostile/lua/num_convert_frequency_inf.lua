
local sk = require "springkit"
sk.convert("uikit", {frequency = math.huge, damping = 0.5})
