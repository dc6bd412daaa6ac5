--! exit: 0
local sk = require "springkit"
local tr = sk.trace{"<img src=x onerror=alert(1)>", "</script>"}
tr:add(0, 0, 0, 1, 2)
return tr
