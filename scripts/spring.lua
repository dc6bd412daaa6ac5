-- One item on one spring anchored at (0, 0): the smallest scenario, and the one the
-- solver tests and the docs' figures use. Records the unrounded physics state per frame.
local sk = require "springkit"

local damping   = sk.param("damping", 0.5, {min = 0, max = 10, step = 0.05, doc = "damping ratio (1 = critical)"})
local frequency = sk.param("frequency", 0.8, {min = 0, max = 60, step = 0.1, unit = "Hz", doc = "spring frequency, Hz (0 = rigid)"})
local length    = sk.param("length", 0, {min = 0, max = 1000, step = 1, unit = "pt", doc = "rest length, points"})
local x0        = sk.param("x0", 100, {step = 10, unit = "pt", doc = "initial x, points"})
local y0        = sk.param("y0", 0, {step = 10, unit = "pt", doc = "initial y, points"})
local vx0       = sk.param("vx0", 0, {step = 10, unit = "pt/s", doc = "initial x velocity, points/s"})
local vy0       = sk.param("vy0", 50, {step = 10, unit = "pt/s", doc = "initial y velocity, points/s"})
local seconds   = sk.param("seconds", 3, {min = 0, max = 600, step = 0.5, unit = "s", doc = "simulated time"})
local exact     = sk.param("exact", 0, {min = 0, max = 1, step = 1, doc = "1: the exact solver (length must be 0)"})

local world = sk.world{solver = exact == 1 and "exact" or "uikit"}
local item = world:add_item{x = x0, y = y0, vx = vx0, vy = vy0}
world:attach(item, {anchor = {0, 0}, length = length, damping = damping, frequency = frequency})

local trace = sk.trace{"x", "y", "vx", "vy"}
local function record()
  local x, y = world:position(item)
  local vx, vy = world:velocity(item)
  trace:add(world.frame, world.time, item, x, y, vx, vy)
end

record()
while world.time < seconds - 1e-12 do
  world:step()
  record()
end

sk.metric("frames", world.frame)
sk.metric("simulated", world.time, "s")
local settle = trace:settle_time{column = "x", id = item, target = length > 0 and length or 0, epsilon = 0.5}
if settle then sk.metric("settle time (x within 0.5 pt)", settle, "s") end
sk.metric("overshoot (x)", trace:overshoot{column = "x", id = item, target = 0}, "%")
-- Expectations `simrun check` tests on the trace (docs/lua-api.md, sk.expect).
sk.expect{name = "x overshoots the anchor by at most 45 %", id = item, column = "x", target = 0, overshoot_at_most = 45}
sk.expect{name = "x swings about the anchor at most 3 times", id = item, column = "x", target = 0, oscillations_at_most = 3}
sk.expect{name = "the item stays within 110 pt of the anchor", id = item, column = {"x", "y"}, within = {-110, 110}}
return trace
