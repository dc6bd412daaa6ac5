--! exit: 0
-- Markup in a plot name and unit is text in the report (docs: every channel escapes).
local sk = require "springkit"
local evil = "<img src=x onerror=alert(1)></script><script>alert(2)</script>"
local rep = sk.report{viewport = {10, 10}, plots = {{name = evil, unit = evil}}}
rep:frame{t = 0, values = {[evil] = 1}}
local tr = sk.trace{"x"}
tr:add(0, 0, 0, 1)
return {trace = tr, report = rep}
