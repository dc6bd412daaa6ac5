--! exit: 2
--! stderr: issue_menu_huge_viewport.lua:4: memory limit exceeded
local sk = require "springkit"
local m = sk.rubber_menu{items = 100000000, width = 320, height = 1e9}
