-- Picture in picture with spring fields (Apple's "StickyCorners" sample, WWDC 2015, in the
-- Objective-C port GUIYIVIEW/StickyCorners): four UIFieldBehavior.springField()s, one at each
-- corner position (`cornerInset` 30 pt plus half the item from both edges), each with a region
-- the size of the view less twice that, so each covers the quarter of the screen round its
-- corner; a UIDynamicItemBehavior makes the 60 × 90 item light and sticky (density 0.01,
-- resistance 10, friction 0, no rotation). While the finger drags it the behaviour lets go of
-- the item (its centre follows the finger, kept inside the view); on release the item rejoins
-- the fields with the pan's velocity: it coasts against the resistance, and whichever corner's
-- quarter it is in pulls it home. This is the projection done by the physics itself.
-- The sample also bounds the item with a UICollisionBehavior (the view's edges); this engine has
-- no collisions yet, so here nothing stops the item at an edge: the underdamped pull overshoots
-- its corner past the screen's edge, where the sample's boundary would have stopped it. The
-- metric "past the edge" says how far; the trace is the fields' motion without that boundary.
-- docs/effects.md, "Picture in picture".
--
-- Gestures: from the top-left corner a flick down and right (to the bottom right), then from
-- there a flick left (`flick_dx`, `flick_dy` over `flick_time`; by default to the bottom left).
local sk = require "springkit"

local strength   = sk.param("strength", 1, {min = 0.1, max = 20, step = 0.1, doc = "the spring fields' strength (springField's default 1)"})
local resistance = sk.param("resistance", 10, {min = 0, max = 50, step = 0.5, unit = "1/s", doc = "the item behaviour's resistance"})
local density    = sk.param("density", 0.01, {min = 0.001, max = 1, step = 0.001, doc = "the item behaviour's density"})
local flick_dx   = sk.param("flick_dx", -150, {min = -300, max = 300, step = 10, unit = "pt", doc = "the second flick's drag, sideways"})
local flick_dy   = sk.param("flick_dy", -20, {min = -600, max = 600, step = 10, unit = "pt", doc = "the second flick's drag, down"})
local flick_time = sk.param("flick_time", 0.3, {min = 0.05, max = 2, step = 0.05, unit = "s", doc = "the second flick's duration"})

local screen_w, screen_h = 375, 812
local item_w, item_h, inset = 60, 90, 30
local dx, dy = inset + item_w / 2, inset + item_h / 2
local corners = {{dx, dy}, {dx, screen_h - dy}, {screen_w - dx, screen_h - dy}, {screen_w - dx, dy}}   -- StickyCorner order
local corner_names = {"top left", "bottom left", "bottom right", "top right"}

local w = sk.world{}
local item = w:add_item{x = corners[1][1], y = corners[1][2], width = item_w, height = item_h}
local fields = {}
for i, c in ipairs(corners) do
  fields[i] = w:field{kind = "spring", items = {item}, position = c, strength = strength,
                      region = {size = {screen_w - 2 * dx, screen_h - 2 * dy}}}
end
local sticky = w:item_behavior{items = {item}, density = density, resistance = resistance, friction = 0, allows_rotation = false}
local finger

--- StickyCornersBehavior.currentCorner: the first field whose region holds the item's centre.
local function current_corner()
  local x, y = w:position(item)
  for i, c in ipairs(corners) do
    if math.abs(x - c[1]) < (screen_w - 2 * dx) / 2 and math.abs(y - c[2]) < (screen_h - 2 * dy) / 2 then return i end
  end
  return 0
end

local trace = sk.trace{"x", "y", "angle", "corner"}
local report = sk.report{title = "Picture in picture: spring fields", viewport = {screen_w, screen_h},
                         plots = {{name = "x", unit = "pt"}, {name = "y", unit = "pt"}, {name = "corner", unit = ""}}}

local function record()
  local x, y = w:position(item)
  local a = w:angle(item)
  local corner = current_corner()
  trace:add(w.frame, w.time, 0, x, y, a, corner)
  if not report.recording then return end
  local shapes = {
    {line = {screen_w / 2, 0, screen_w / 2, screen_h}, ghost = true, color = 0x90a4ae},
    {line = {0, screen_h / 2, screen_w, screen_h / 2}, ghost = true, color = 0x90a4ae},
  }
  for _, c in ipairs(corners) do
    shapes[#shapes + 1] = {center = {c[1], c[2]}, size = {item_w, item_h}, stroke = true, line_width = 2, color = 0x4d4d4d}
  end
  shapes[#shapes + 1] = {center = {x, y}, size = {item_w, item_h}, rotation = a, color = 0x1E88E5}
  if finger then shapes[#shapes + 1] = {circle = {finger[1], finger[2], 22}, color = 0xd32f2f, alpha = 0.35} end
  report:frame{t = w.time, shapes = shapes, values = {x = x, y = y, corner = corner}}
end

local function set_enabled(on)
  for _, f in ipairs(fields) do if on then f:add_item(item) else f:remove_item(item) end end
  if on then sticky:add_item(item) else sticky:remove_item(item) end
end

--- The pan: off the behaviour, the centre follows the finger (clamped inside the view); on
--- release back on it, with the pan's velocity added.
local function flick(ddx, ddy, seconds)
  local x0, y0 = w:position(item)
  finger = {x0 + 5, y0 + 10}
  local ox, oy = finger[1] - x0, finger[2] - y0
  set_enabled(false)
  report:marker("touch down")
  local tracker = sk.velocity_tracker{window = 0.1}
  tracker:add(w.time, finger[1], finger[2])
  local n = math.max(1, math.floor(seconds * 60 + 0.5))
  local fx, fy = finger[1], finger[2]
  for i = 1, n do
    finger = {fx + ddx * i / n, fy + ddy * i / n}
    local x = math.min(screen_w - item_w / 2, math.max(item_w / 2, finger[1] - ox))
    local y = math.min(screen_h - item_h / 2, math.max(item_h / 2, finger[2] - oy))
    w:set_position(item, x, y); w:set_velocity(item, 0, 0)
    w:step()
    tracker:add(w.time, finger[1], finger[2])
    record()
  end
  finger = nil
  local vx, vy = tracker:velocity()
  -- The body left the world with the behaviour; it comes back at rest and takes the velocity.
  w:set_velocity(item, 0, 0)
  set_enabled(true)
  sticky:add_linear_velocity(item, vx, vy)
  report:marker("release")
  return vx, vy
end

local function settle(limit)
  local start = w.time
  for _ = 1, limit * 60 do
    w:step(); record()
    if w.paused then break end
  end
  return w.time - start
end

record()
flick(200, 420, 0.5)
local first_release = w.time
settle(4)
local first_corner = current_corner()
local first_x, first_y = w:position(item)
local second_start = w.time
flick(flick_dx, flick_dy, flick_time)
local second_release = w.time
local took = settle(4)
for _ = 1, 30 do w:step(); record() end
local corner = current_corner()
local x, y = w:position(item)

sk.metric("first corner", first_corner)
sk.metric("second corner", corner)
sk.metric("first rest x", first_x, "pt")
sk.metric("first rest y", first_y, "pt")
sk.metric("end x", x, "pt")
sk.metric("end y", y, "pt")
sk.metric("settle time", took, "s")
-- How far the item's edge went past the screen's (where the sample's collision boundary stands).
local past = 0
local xs, ys = trace:column("x"), trace:column("y")
for k = 1, #xs do
  past = math.max(past, item_w / 2 - xs[k], xs[k] - (screen_w - item_w / 2), item_h / 2 - ys[k], ys[k] - (screen_h - item_h / 2))
end
sk.metric("past the edge", past, "pt")

sk.expect{name = "the first flick ends on the bottom-right corner (x, 1 pt)", id = 0, column = "x", from = first_release, to = second_start, target = corners[3][1], epsilon = 1, settles_within = 3}
sk.expect{name = "the first flick ends on the bottom-right corner (y, 1 pt)", id = 0, column = "y", from = first_release, to = second_start, target = corners[3][2], epsilon = 1, settles_within = 3}
sk.expect{name = "the second flick ends on the bottom-left corner (x, 1 pt)", id = 0, column = "x", from = second_release, target = corners[2][1], epsilon = 1, settles_within = 3}
sk.expect{name = "the second flick ends on the bottom-left corner (y, 1 pt)", id = 0, column = "y", from = second_release, target = corners[2][2], epsilon = 1, settles_within = 3}
sk.expect{name = "it never turns", column = "angle", within = {0, 0}}
sk.expect{name = "nothing twitches at rest", at_rest = 30, epsilon = 0}
return {trace = trace, report = report}
