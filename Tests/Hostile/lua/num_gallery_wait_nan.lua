--! exit: 2
--! stderr: num_gallery_wait_nan.lua:6: bad argument #1 to 'Gallery:wait' (seconds must be a finite number ≥ 0, got nan)

local sk = require "springkit"
local g = sk.gallery()
g:wait(0/0)
