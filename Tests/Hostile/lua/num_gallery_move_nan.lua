--! exit: 2
--! stderr: num_gallery_move_nan.lua:6: bad argument #2 to 'Gallery:move' (value must be a whole number in -90071992547409

local sk = require "springkit"
local g = sk.gallery()
g:move(1, 0/0)
