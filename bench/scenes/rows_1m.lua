-- Bench scene: a trace of `rows` rows (8 ids per frame, three scenario columns) recorded
-- with tr:add, for timing `simrun check` on a large golden. The suite records its golden
-- in a scratch folder first.
local sk = require "springkit"
local rows = math.floor(sk.param("rows", 1000000, {min = 0, max = 10000000, doc = "trace rows"}))
local tr = sk.trace{"x", "y", "stretch"}
local s = 9
for r = 0, rows - 1 do
  s = (s * 1103515245 + 12345) % 2147483648
  local u = s / 2147483648
  local frame = r // 8
  tr:add(frame, frame / 60, r % 8, u * 320, (1 - u) * 10000, u * 70 - 35)
end
return tr
