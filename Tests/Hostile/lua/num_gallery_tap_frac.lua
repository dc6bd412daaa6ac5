--! exit: 2
--! stderr: num_gallery_tap_frac.lua:6: bad argument #1 to 'Gallery:tap' (value must be a whole number in -900719925474099

local sk = require "springkit"
local g = sk.gallery()
g:tap(0.5)
