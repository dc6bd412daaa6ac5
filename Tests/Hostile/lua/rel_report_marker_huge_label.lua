--! args: --max-memory 128
--! exit: 2
--! stderr: rel_report_marker_huge_label.lua:8: memory limit exceeded
-- 40 MiB of "<" would become 240 MiB of report (each escaped as \u003c): charged as such.
local sk = require "springkit"
local rep = sk.report{viewport = {10, 10}}
rep:frame{t = 0}
rep:marker(("<"):rep(40 * 1024 * 1024))
return {report = rep}
