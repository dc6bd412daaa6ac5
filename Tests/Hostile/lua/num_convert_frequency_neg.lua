--! exit: 2
--! stderr: num_convert_frequency_neg.lua:5: bad argument #2 to 'springkit.convert' (frequency must be > 0, got -1)

local sk = require "springkit"
sk.convert("uikit", {frequency = -1, damping = 0.5})
