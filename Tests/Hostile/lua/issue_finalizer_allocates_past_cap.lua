-- finalizers due while Swift functions run (tr:add, tr:column) must not allocate past the cap
--! args: --max-memory 16 --max-instructions 200000000
--! exit: 0
local sk = require "springkit"
for i = 1, 5 do setmetatable({}, {__gc = function() local t = {} for k = 1, 1e7 do t[k] = k end end}) end
local tr = sk.trace{"x"}
for i = 1, 1e4 do tr:add(i, i, 1, i) end
for i = 1, 50 do local c = tr:column("x") end
local kib = collectgarbage("count")
assert(kib <= 16 * 1024, "Lua holds " .. kib .. " KiB")
