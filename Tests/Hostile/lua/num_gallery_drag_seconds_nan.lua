--! exit: 2
--! stderr: num_gallery_drag_seconds_nan.lua:6: bad argument #3 to 'Gallery:drag' (drag duration must be a number of secon

local sk = require "springkit"
local g = sk.gallery()
g:drag(1, 2, 0/0)
