--! exit: 2
local sk = require "springkit"
return print
