-- issue 12: arithmetic overflow
--! exit: 2
--! stderr: bad argument #1 to 'springkit.blank_image'
local sk = require "springkit"
sk.blank_image(1e10)
