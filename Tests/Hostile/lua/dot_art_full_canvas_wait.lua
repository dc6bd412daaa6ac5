--! args: --max-instructions 30000000
--! exit: 2
local sk = require "springkit"
local a = sk.dot_art{columns = 512, rows = 512}
a:explode()
a:wait_until_whole(1e9)
