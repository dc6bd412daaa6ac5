--! args: --max-instructions 30000000
--! exit: 2
--! stderr: dot_art_full_canvas_wait.lua:7: instruction budget exceeded (30000000 instructions; raise it with --max-instru
local sk = require "springkit"
local a = sk.dot_art{columns = 512, rows = 512}
a:explode()
a:wait_until_whole(1e9)
