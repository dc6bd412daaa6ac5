--! symlink: out -> /tmp
--! exit: 2
--! stderr: cannot write trace out/rel_default_output_link_out.csv: it resolves to
local sk = require "springkit"
local tr = sk.trace{"x"}
tr:add(0, 0, 0, 1)
return tr
