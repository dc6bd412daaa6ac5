--! args: --max-memory 64
--! exit: 2
--! stderr: rel_report_text_shape_huge.lua:6: memory limit exceeded
local sk = require "springkit"
local rep = sk.report{viewport = {10, 10}}
rep:frame{t = 0, shapes = {{text = ("<"):rep(20 * 1024 * 1024), at = {0, 0}}}}
return {report = rep}
