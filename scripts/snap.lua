-- Tap to snap (Apple's "UIKit Dynamics Catalog", APLSnapViewController): each tap removes the
-- previous UISnapBehavior and adds a new one that snaps the 100 × 100 square to the tapped
-- point, with the default damping 0.5. UIKit builds a snap as four 4 Hz springs of rest length
-- 50 pt from the square's corners to a static body at the point; removing the old snap leaves
-- the square with no behaviour, so its body leaves the world and the new snap makes a new one,
-- at rest (charon §2.9). The square ends on the point, straight. docs/effects.md, "Tap to snap".
--
-- Taps: one to the lower right, a second while the square is still on its way there (it turns
-- round at once), a third near the top once it has settled.
local sk = require "springkit"

local damping = sk.param("damping", 0.5, {min = 0, max = 1, step = 0.05, doc = "UISnapBehavior.damping (the catalog keeps the default, 0.5)"})
local second_tap_at = sk.param("second_tap_at", 0.4, {min = 0.05, max = 3, step = 0.05, unit = "s", doc = "when the second tap comes"})

-- The catalog's storyboard: a 375 × 667 view, the square's frame (110, 121, 100, 100).
local screen_w, screen_h = 375, 667
local size = 100
local w = sk.world{}
local square = w:add_item{x = 160, y = 171, width = size, height = size}

local taps = {{t = 0, x = 300, y = 520}, {t = second_tap_at, x = 80, y = 560}, {t = second_tap_at + 2.5, x = 250, y = 230}}
local snap, point
local approach              -- the unit vector from the snap point to the square at the tap

local trace = sk.trace{"x", "y", "angle", "distance", "lateral"}
local report = sk.report{title = "Tap to snap", viewport = {screen_w, screen_h},
                         plots = {{name = "distance", unit = "pt"}, {name = "angle", unit = "rad"}, {name = "lateral", unit = "pt"}}}

--- The square's distance from its snap point, and how far it is off the line it came in on
--- (a square that orbited its point would be as far off that line as from the point).
local function track()
  local x, y = w:position(square)
  local dx, dy = x - point[1], y - point[2]
  local d = math.sqrt(dx * dx + dy * dy)
  local lateral = approach and math.abs(approach[1] * dy - approach[2] * dx) or 0
  return x, y, d, lateral
end

local function record()
  local x, y, d, lateral = track()
  local a = w:angle(square)
  trace:add(w.frame, w.time, 0, x, y, a, d, lateral)
  if not report.recording then return end
  local shapes = {
    {line = {point[1] - 8, point[2], point[1] + 8, point[2]}, color = 0x455a64, line_width = 2},
    {line = {point[1], point[2] - 8, point[1], point[2] + 8}, color = 0x455a64, line_width = 2},
    {center = {point[1], point[2]}, size = {size, size}, ghost = true, stroke = true, color = 0x455a64},
    {center = {x, y}, size = {size, size}, rotation = a, color = 0x3F7CAC, radius = 6},
  }
  report:frame{t = w.time, shapes = shapes, values = {distance = d, angle = a, lateral = lateral}}
end

--- handleSnapGesture: remove the previous snap, add a new one at the tap.
local function tap(x, y)
  if snap then
    snap:remove()
    w:set_velocity(square, 0, 0); w:set_angular_velocity(square, 0)
  end
  point = {x, y}
  local px, py = w:position(square)
  local d = math.sqrt((px - x) ^ 2 + (py - y) ^ 2)
  approach = {(px - x) / d, (py - y) / d}
  snap = w:snap{item = square, point = point, damping = damping}
  report:marker("tap")
end

point = {160, 171}
record()
local tap_times = {}
for i, t in ipairs(taps) do
  while w.time < t.t - 1e-9 do w:step(); record() end
  tap(t.x, t.y)
  tap_times[i] = w.time
end
local rested = false
for _ = 1, 600 do
  w:step(); record()
  if w.paused then rested = true; break end
end
for _ = 1, 30 do w:step(); record() end

local x, y = w:position(square)
sk.metric("rested", rested and 1 or 0)
sk.metric("end x", x, "pt")
sk.metric("end y", y, "pt")
sk.metric("end angle", w:angle(square), "rad")
sk.metric("largest lateral", trace:peak{column = "lateral"}, "pt")
sk.metric("largest angle", trace:peak{column = "angle"}, "rad")
sk.metric("settle time", trace:settle_time{column = "distance", from = tap_times[3], epsilon = 1} - tap_times[3], "s")

local last = taps[3]
sk.expect{name = "the square ends on the last tap (x within 1 pt)", id = 0, column = "x", from = tap_times[3], target = last.x, epsilon = 1, settles_within = 2.5}
sk.expect{name = "the square ends on the last tap (y within 1 pt)", id = 0, column = "y", from = tap_times[3], target = last.y, epsilon = 1, settles_within = 2.5}
sk.expect{name = "the square ends straight (within 0.01 rad)", id = 0, column = "angle", from = tap_times[3], target = 0, epsilon = 0.01, settles_within = 2.5}
sk.expect{name = "no orbit: the square stays within 50 pt of the line it came in on", column = "lateral", within = {0, 50}}
sk.expect{name = "nothing twitches at rest", at_rest = 30, epsilon = 0}
return {trace = trace, report = report}
