--! exit: 2
--! stderr: image.txt
local sk = require "springkit"
sk.load_trace("image.txt")
