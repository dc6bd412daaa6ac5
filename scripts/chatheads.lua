-- Chat heads: a stack of round heads; the finger drags the first, the others trail it, and on
-- release the stack docks at the nearer side edge. The docking rule is brutella/chatheads'
-- (CHDraggingCoordinator.m, Matthias Hochgatterer, 2013): the drop area is the screen widened by
-- a sixth of a head on each side, the edge is the one on the release point's side of its middle,
-- the head's centre goes half a head inside that edge (a third of it stays off screen) at the
-- release height clamped half a head inside the top and bottom. That project animates with a
-- keyframe bounce, not UIKit Dynamics; no public chat-heads project built on UIKit Dynamics was
-- found, so the dynamics here are this script's own, on UIKit's behaviours: the finger holds the
-- first head by a rigid attachment at its centre, each other head hangs on the one ahead by a
-- soft attachment (`follow_frequency`, `follow_damping`), and the release adds a UISnapBehavior
-- to the dock point (`snap_damping`). A UIDynamicItemBehavior keeps the heads from turning.
-- docs/effects.md, "Chat heads".
--
-- Gestures: the stack, docked on the right, is dragged to the lower left and let go there (it
-- docks on the left), then dragged back up across the middle (it docks on the right).
local sk = require "springkit"

sk.preset("tight", {follow_frequency = 4, follow_damping = 0.9}, "heads that keep close")
sk.preset("loose", {follow_frequency = 1.5, follow_damping = 0.5}, "heads that trail far and wobble")
local heads_n          = sk.param("heads", 3, {min = 1, max = 6, step = 1, doc = "heads in the stack"})
local follow_frequency = sk.param("follow_frequency", 2.5, {min = 0.2, max = 20, step = 0.1, unit = "Hz", doc = "each head's attachment to the one ahead"})
local follow_damping   = sk.param("follow_damping", 0.7, {min = 0, max = 5, step = 0.05, doc = "its damping ratio"})
local snap_damping     = sk.param("snap_damping", 0.5, {min = 0, max = 1, step = 0.05, doc = "the dock's UISnapBehavior.damping"})
local resistance       = sk.param("resistance", 3, {min = 0, max = 20, step = 0.1, unit = "1/s", doc = "the heads' resistance (UIDynamicItemBehavior; UIKit's default 0.1 leaves the trailing heads swinging round the first for tens of seconds)"})

local screen_w, screen_h = 375, 667
local size = 60
local drop_left, drop_right = -math.floor(size / 6), screen_w + math.floor(size / 6)

--- _destinationPointForReleasePoint (both edges).
local function dock_point(x, y)
  local top, bottom = size / 2, screen_h - size / 2
  local dy = math.min(math.max(y, top), bottom)
  if x < (drop_left + drop_right) / 2 then return drop_left + size / 2, dy, "left" end
  return drop_right - size / 2, dy, "right"
end

local w = sk.world{}
local start_x, start_y = dock_point(screen_w, 160)
local heads, links = {}, {}
for i = 1, heads_n do heads[i] = w:add_item{x = start_x, y = start_y, width = size, height = size} end
local upright = w:item_behavior{items = heads, allows_rotation = false, resistance = resistance}
for i = 2, heads_n do
  links[i] = w:connect(heads[i], heads[i - 1], {length = 0, frequency = follow_frequency, damping = follow_damping})
end
local hold, snap, finger
local dock = {start_x, start_y}
snap = w:snap{item = heads[1], point = dock, damping = snap_damping}

local trace = sk.trace{"x", "y", "lag"}
local report = sk.report{title = "Chat heads", viewport = {screen_w, screen_h},
                         plots = {{name = "lead x", unit = "pt"}, {name = "last head's lag", unit = "pt"}}}
local colors = {0x1877F2, 0x42B72A, 0xF7B928, 0xE4405F, 0x8E44AD, 0x00A8A8}

local function move_anchor(s, x, y) w:set_anchor(s, x, y) end

local function lag_of(i)
  local x, y = w:position(heads[i])
  local lx, ly = w:position(heads[1])
  return math.sqrt((x - lx) ^ 2 + (y - ly) ^ 2)
end

local function record()
  local t = w.time
  for i = 1, heads_n do
    local x, y = w:position(heads[i])
    trace:add(w.frame, t, i - 1, x, y, lag_of(i))
  end
  if not report.recording then return end
  local shapes = {{circle = {dock[1], dock[2], size / 2}, ghost = true, stroke = true, color = 0x455a64}}
  for i = heads_n, 1, -1 do
    local x, y = w:position(heads[i])
    shapes[#shapes + 1] = {circle = {x, y, size / 2}, color = colors[(i - 1) % #colors + 1]}
  end
  if finger then shapes[#shapes + 1] = {circle = {finger[1], finger[2], 22}, color = 0xd32f2f, alpha = 0.35} end
  local lx = w:position(heads[1])
  report:frame{t = t, shapes = shapes, values = {["lead x"] = lx, ["last head's lag"] = lag_of(heads_n)}}
end

local function step() w:step(); record() end

--- The finger takes the first head at its centre and moves along `path` ({dx, dy, seconds}...).
local function drag(path)
  if snap then snap:remove(); snap = nil end
  local x, y = w:position(heads[1])
  finger = {x, y}
  hold = w:attach(heads[1], {anchor = finger, length = 0})
  report:marker("touch down")
  local peak = 0
  for _, leg in ipairs(path) do
    local n = math.max(1, math.floor(leg[3] * 60 + 0.5))
    local fx, fy = finger[1], finger[2]
    for i = 1, n do
      finger = {fx + leg[1] * i / n, fy + leg[2] * i / n}
      move_anchor(hold, finger[1], finger[2])
      step()
      peak = math.max(peak, lag_of(heads_n))
    end
  end
  -- Release: let go, dock at the edge on the release point's side.
  w:remove_spring(hold); hold = nil
  local rx, ry = w:position(heads[1])
  local px, py, edge = dock_point(rx, ry)
  dock = {px, py}
  snap = w:snap{item = heads[1], point = dock, damping = snap_damping}
  finger = nil
  report:marker("release → " .. edge)
  return edge, peak
end

local function settle(limit)
  for _ = 1, limit * 60 do
    step()
    if w.paused then return true end
  end
  return false
end

record()
local first_edge, first_lag = drag{{-180, 200, 0.5}, {-40, 40, 0.3}}
local first_release = w.time
local first_rested = settle(6)
local first_dock = {dock[1], dock[2]}
local second_start = w.time
local second_edge, second_lag = drag{{150, -120, 0.4}, {60, -60, 0.2}}
local second_release = w.time
local rested = settle(6)
for _ = 1, 30 do step() end

sk.metric("first edge", first_edge == "left" and -1 or 1)
sk.metric("second edge", second_edge == "left" and -1 or 1)
sk.metric("first rested", first_rested and 1 or 0)
sk.metric("rested", rested and 1 or 0)
sk.metric("peak trail, first drag", first_lag, "pt")
sk.metric("peak trail, second drag", second_lag, "pt")
sk.metric("rest time", w.time - second_release, "s")

local last = heads_n - 1
sk.expect{name = "the first release docks the stack on the left edge (last head, x within 1.5 pt)", id = last, column = "x", from = first_release, to = second_start, target = first_dock[1], epsilon = 1.5, settles_within = 4}
sk.expect{name = "the first release docks the stack at its height (last head, y within 1.5 pt)", id = last, column = "y", from = first_release, to = second_start, target = first_dock[2], epsilon = 1.5, settles_within = 4}
sk.expect{name = "the second release docks the stack on the right edge (last head, x within 1.5 pt)", id = last, column = "x", from = second_release, target = dock[1], epsilon = 1.5, settles_within = 4}
sk.expect{name = "the second release docks the stack at its height (last head, y within 1.5 pt)", id = last, column = "y", from = second_release, target = dock[2], epsilon = 1.5, settles_within = 4}
sk.expect{name = "the heads end stacked (each link within its 0.5 pt slack)", column = "lag", from = w.time - 0.5, within = {0, 0.5 * (heads_n - 1)}}
sk.expect{name = "the held head goes off screen by a third at most", id = 0, column = "x", within = {drop_left, drop_right}}
sk.expect{name = "nothing twitches at rest", at_rest = 30, epsilon = 0}
return {trace = trace, report = report}
