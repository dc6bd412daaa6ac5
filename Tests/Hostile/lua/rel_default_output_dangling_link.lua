--! symlink: out -> missing-folder
--! exit: 2
--! stderr: cannot write trace out/rel_default_output_dangling_link.csv: a symbolic link on the way leads nowhere
local sk = require "springkit"
local tr = sk.trace{"x"}
tr:add(0, 0, 0, 1)
return tr
