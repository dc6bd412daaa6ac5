--! args: --max-memory 64
--! exit: 2
--! stderr: grid_layout_huge_visible.lua:6: instruction budget exceeded (20000000 instructions; raise it with --max-instru
local sk = require "springkit"
local l = sk.grid_layout{items = 100000000, columns = 10000, item_width = 1, item_height = 1}
local v = l:visible{x = 0, y = 0, width = 1e9, height = 1e9}
