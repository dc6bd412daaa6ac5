--! exit: 2
--! stderr: message_string_format_bad.lua:4:
local sk = require "springkit"
string.format("%d", 1.5)
