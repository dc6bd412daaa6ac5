--! exit: 2
--! stderr: sandbox_empty_name.lua:4: bad argument #1 to 'springkit.load_trace' ('': not a file name)
local sk = require "springkit"
sk.load_trace("")
