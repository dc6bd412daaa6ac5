--! symlink: lib/gone.lua -> nowhere.lua
--! exit: 2
--! stderr: rel_require_symlink_dangling.lua:5: lib/gone.lua
local sk = require "springkit"
require "lib.gone"
