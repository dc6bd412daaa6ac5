--! args: --max-memory 64
--! exit: 2
--! stderr: memory_dot_art_max_canvas.lua:5: memory limit exceeded
local sk = require "springkit"
local a = sk.dot_art{columns = 2048, rows = 2048}
