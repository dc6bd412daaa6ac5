--! exit: 2
--! stderr: num_gallery_tap_two63.lua:6: bad argument #1 to 'Gallery:tap' (value must be a whole number in -90071992547409

local sk = require "springkit"
local g = sk.gallery()
g:tap(2^63)
