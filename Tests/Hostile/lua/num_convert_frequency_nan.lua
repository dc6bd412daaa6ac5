--! exit: 2
--! stderr: num_convert_frequency_nan.lua:5: bad argument #2 to 'springkit.convert' (frequency must be finite)

local sk = require "springkit"
sk.convert("uikit", {frequency = 0/0, damping = 0.5})
