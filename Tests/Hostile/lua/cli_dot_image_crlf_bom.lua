-- A dot image with CRLF line ends and a byte order mark parses like the plain one.
--! exit: 0
local sk = require "springkit"
local img = sk.load_dot_image("image_crlf_bom.txt")
assert(img.width == 32 and img.height == 32, "a 32×32 image")
