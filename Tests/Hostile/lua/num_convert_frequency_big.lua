--! exit: 2
--! stderr: num_convert_frequency_big.lua:5: bad argument #2 to 'springkit.convert' (these values give a spring out of ran

local sk = require "springkit"
sk.convert("uikit", {frequency = 1e308, damping = 0.5})
