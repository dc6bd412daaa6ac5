-- Bench scene: build a world of `n` items, each on an anchored spring, from Lua —
-- one call per item (`batch = 0`) or two batch calls (`batch = 1`). `simrun bench suite`
-- times it at n and at 0 and divides the difference by n (µs per item).
local sk = require "springkit"
local n = math.floor(sk.param("n", 1000, {min = 0, max = 10000000, doc = "items (one spring each)"}))
local batch = sk.param("batch", 1, {min = 0, max = 1, step = 1, doc = "1: add_items/attach_all, 0: add_item/attach per item"})

local w = sk.world{rest_time = 1e9}
if batch == 1 then
  local xs, ys, ax, ay = {}, {}, {}, {}
  for i = 1, n do
    local x, y = (i % 1000) * 10, (i // 1000) * 10
    ax[i], ay[i] = x, y
    xs[i], ys[i] = x + (i % 7) - 3, y + (i % 5) - 2
  end
  local first = w:add_items{x = xs, y = ys, width = 8, height = 8}
  if n > 0 then w:attach_all{first = first, anchor_x = ax, anchor_y = ay, damping = 0.1, frequency = 1} end
else
  for i = 1, n do
    local x, y = (i % 1000) * 10, (i // 1000) * 10
    local id = w:add_item{x = x + (i % 7) - 3, y = y + (i % 5) - 2, width = 8, height = 8}
    w:attach(id, {anchor = {x, y}, damping = 0.1, frequency = 1})
  end
end
sk.metric("items", w.items)
sk.metric("springs", w.springs)
