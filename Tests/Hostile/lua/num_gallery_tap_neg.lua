--! exit: 2
--! stderr: num_gallery_tap_neg.lua:6: bad argument #1 to 'Gallery:tap' (position -1 is out of range 1…24)

local sk = require "springkit"
local g = sk.gallery()
g:tap(-1)
