--! exit: 2
--! stderr: num_convert_frequency_inf.lua:5: bad argument #2 to 'springkit.convert' (frequency must be finite)

local sk = require "springkit"
sk.convert("uikit", {frequency = math.huge, damping = 0.5})
