--! exit: 2
--! stderr: num_gallery_tap_big.lua:6: bad argument #1 to 'Gallery:tap' (value must be a whole number in -9007199254740992

local sk = require "springkit"
local g = sk.gallery()
g:tap(1e308)
