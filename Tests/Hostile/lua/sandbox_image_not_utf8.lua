--! exit: 2
--! stderr: sandbox_image_not_utf8.lua:4: bad argument #1 to 'springkit.load_dot_image' (trace.csv:5:1: unknown character
local sk = require "springkit"
sk.load_dot_image("trace.csv")
