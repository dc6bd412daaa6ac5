--! exit: 2
--! stderr: num_gallery_wait_neg.lua:6: bad argument #1 to 'Gallery:wait' (seconds must be a finite number ≥ 0, got -1)

local sk = require "springkit"
local g = sk.gallery()
g:wait(-1)
