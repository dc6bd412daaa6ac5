--! exit: 2
--! stderr: message_error_nil.lua
local sk = require "springkit"
error()
