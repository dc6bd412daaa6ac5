--! exit: 0
local sk = require "springkit"
local rep = sk.report{title = "</title><script>alert(1)</script>", viewport = {10, 10}}
rep:frame{t = 0}
return {report = rep}
