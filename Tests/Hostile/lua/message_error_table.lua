--! exit: 2
--! stderr: message_error_table.lua:4:
local sk = require "springkit"
error({code = 1})
