--! exit: 2
--! stderr: num_gallery_wait_inf.lua:6: bad argument #1 to 'Gallery:wait' (seconds must be a finite number ≥ 0, got inf)

local sk = require "springkit"
local g = sk.gallery()
g:wait(math.huge)
