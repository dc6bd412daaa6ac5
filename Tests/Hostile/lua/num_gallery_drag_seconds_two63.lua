--! exit: 2
--! stderr: num_gallery_drag_seconds_two63.lua:6: bad argument #3 to 'Gallery:drag' (drag duration must be a number of sec

local sk = require "springkit"
local g = sk.gallery()
g:drag(1, 2, 2^63)
