--! exit: 2
--! stderr: preset_bad.lua:4: bad argument #2 to 'springkit.preset' (field 'damping': finite number expected)
local sk = require "springkit"
sk.preset("p", {damping = 0/0})
