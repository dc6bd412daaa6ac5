--! exit: 2
--! stderr: num_gallery_move_two63.lua:6: bad argument #2 to 'Gallery:move' (value must be a whole number in -900719925474

local sk = require "springkit"
local g = sk.gallery()
g:move(1, 2^63)
