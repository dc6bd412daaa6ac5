--! args: --max-memory 64
--! exit: 2
--! stderr: memory_dot_art_images.lua:5: memory limit exceeded
local sk = require "springkit"
local a = sk.dot_art{columns = 1024, rows = 1024}
for i = 1, 100 do a:record_image() end
local imgs = a:images()
