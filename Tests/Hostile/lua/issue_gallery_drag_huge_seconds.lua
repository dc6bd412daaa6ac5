-- issue 12: Double -> Int trap
--! exit: 2
--! stderr: bad argument #3 to 'Gallery:drag'
local sk = require "springkit"
local g = sk.gallery()
g:drag(1, 2, 1e300)
