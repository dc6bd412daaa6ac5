--! args: --max-memory 64
--! exit: 2
local sk = require "springkit"
local a = sk.dot_art{columns = 2048, rows = 2048}
