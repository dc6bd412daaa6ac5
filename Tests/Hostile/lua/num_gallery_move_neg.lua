--! exit: 2
--! stderr: num_gallery_move_neg.lua:6: bad argument #2 to 'Gallery:move' (position -1 is out of range 1…24)

local sk = require "springkit"
local g = sk.gallery()
g:move(1, -1)
