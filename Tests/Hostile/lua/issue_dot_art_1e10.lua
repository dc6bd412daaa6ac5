-- issue 12: arithmetic overflow
--! exit: 2
--! stderr: bad argument #1 to 'springkit.dot_art'
local sk = require "springkit"
sk.dot_art{columns = 1e10, rows = 1e10}
