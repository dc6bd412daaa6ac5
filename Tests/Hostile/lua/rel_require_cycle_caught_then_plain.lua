--! exit: 0
-- A caught cycle leaves require usable: the plain module still loads.
local sk = require "springkit"
assert(not pcall(require, "lib.loop"))
assert(require("lib.plain").answer == 42)
