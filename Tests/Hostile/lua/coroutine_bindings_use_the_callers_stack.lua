--! exit: 0
-- Swift functions called from a coroutine read their arguments from that coroutine's stack.
local sk = require "springkit"
local co = coroutine.wrap(function(a)
  local w = sk.world()
  assert(getmetatable(w) ~= nil and type(w) ~= "function", "sk.world() inside a coroutine returned " .. type(w))
  local id = w:add_item{x = 10, y = 20}
  local x, y = w:position(id)
  assert(x == 10 and y == 20, "position inside a coroutine: " .. tostring(x) .. ", " .. tostring(y))
  local t = sk.trace{"x"}
  t:add(0, 0, id, x)
  local b = coroutine.yield(a + 1)
  assert(t:value(1, "x") == 10, "trace value after resume")
  return b * 2
end)
assert(co(5) == 6)
assert(co(4) == 8)
