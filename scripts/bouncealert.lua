-- Bounce-in alert: an alert view falls in from above the screen under UIGravityBehavior and
-- bounces to rest on a line boundary of a UICollisionBehavior, its elasticity set by a
-- UIDynamicItemBehavior. The behaviours are those of the Tuts+ "UIKit Dynamics: Animated
-- Components" alert (tutsplus/UIKitDynamics-AnimatedComponents, DynamicsDemo/AlertComponent.m,
-- Gabriel Theodoropoulos, 2014): a 250 pt wide alert, 130 pt plus 50 pt a button high, gravity of
-- magnitude 1, a line boundary 10 pt beyond the alert's frame and elasticity 0.4. The original
-- dismisses its alert that way (gravity pointing up, against a line above the screen) and
-- brings it in with a UISnapBehavior; here the same three behaviours bring it in, falling onto a
-- line across the screen. docs/effects.md, "Bounce-in alert".
--
-- Expectations (physical facts): the alert comes to rest on the line (its lowest point within
-- 1 pt of it); each bounce rises less high than the one before (elasticity < 1 and resistance
-- take energy at every bounce); it never passes through the line (no farther than one sub-step's
-- travel at the landing speed).
local sk = require "springkit"

sk.preset("lively", {elasticity = 0.7}, "a bouncier alert")
sk.preset("uikit", {elasticity = 0.2}, "UIKit's default elasticity (also what any lower value gives against a boundary: Box2D takes the larger of the two restitutions, and a boundary's is 0.2)")
local elasticity = sk.param("elasticity", 0.4, {min = 0, max = 1, step = 0.05, doc = "UIDynamicItemBehavior.elasticity (the original's 0.4)"})
local resistance = sk.param("resistance", 0.1, {min = 0, max = 10, step = 0.1, unit = "1/s", doc = "UIDynamicItemBehavior.resistance (UIKit's default 0.1)"})
local magnitude  = sk.param("gravity", 1, {min = 0.1, max = 5, step = 0.1, unit = "1000 pt/s²", doc = "UIGravityBehavior.magnitude"})
local line_y     = sk.param("line_y", 500, {min = 100, max = 667, step = 1, unit = "pt", doc = "the line boundary the alert lands on, from the screen's top"})
local buttons    = sk.param("buttons", 2, {min = 0, max = 4, step = 1, doc = "buttons in the alert (each adds 50 pt of height)"})
local rotation   = sk.param("rotation", 1, {min = 0, max = 1, step = 1, doc = "1: the alert may turn (UIKit's default), 0: allowsRotation = false"})

local screen_w, screen_h = 375, 667
local alert_w, alert_h = 250, 130 + 50 * buttons

local w = sk.world{}
-- The alert starts just above the screen, centred (the original puts its origin at the centre).
local alert = w:add_item{x = screen_w / 2, y = -alert_h / 2, width = alert_w, height = alert_h}
w:gravity{items = {alert}, magnitude = magnitude}
w:collision{items = {alert}, boundaries = {{id = "alertCollisionBoundary", from = {0, line_y}, to = {screen_w, line_y}}}}
w:item_behavior{items = {alert}, elasticity = elasticity, resistance = resistance, allows_rotation = rotation == 1}

local trace = sk.trace{"x", "y", "angle", "gap", "vy", "bounce", "growth"}
local report = sk.report{title = "Bounce-in alert", viewport = {screen_w, screen_h},
                         plots = {{name = "gap", unit = "pt"}, {name = "vy", unit = "pt/s"}}}

--- How far the alert's lowest point is above the line (negative: past it).
local function gap()
  local _, y = w:position(alert)
  local a = w:angle(alert)
  local half = alert_h / 2 * math.abs(math.cos(a)) + alert_w / 2 * math.abs(math.sin(a))
  return line_y - (y + half)
end

-- Bounces: a bounce is the flight between two landings; its height is the largest gap in it.
local bounces = {}         -- heights, in order
local flight_peak = nil    -- the current flight's highest gap, once it has left the line
local last_vy = 0
local landed = false
local growth = 0

local function track()
  local _, vy = w:velocity(alert)
  local g = gap()
  if landed and last_vy <= 0 and vy > 0 and g > 1 then
    -- The top of a flight: moving up, now down, clear of the line.
    bounces[#bounces + 1] = g
    if #bounces >= 2 then growth = bounces[#bounces] - bounces[#bounces - 1] end
  end
  -- Landed: on the line, or turned back up by it within the frame (a fast bounce can).
  if not landed and (g < 1 or (last_vy > 0 and vy < 0)) then landed = true end
  last_vy = vy
  return g, vy
end

local function record()
  local x, y = w:position(alert)
  local a = w:angle(alert)
  local g, vy = track()
  trace:add(w.frame, w.time, 0, x, y, a, g, vy, #bounces, growth)
  if not report.recording then return end
  local shapes = {
    {rect = {0, 0, screen_w, screen_h}, color = 0x808080, alpha = 0.35},
    {center = {x, y}, size = {alert_w, alert_h}, rotation = a, radius = 10, color = 0xF0F0F0},
    {center = {x, y}, size = {alert_w, alert_h}, rotation = a, radius = 10, stroke = true, color = 0x000000},
  }
  report:frame{t = w.time, shapes = shapes, collisions = w, values = {gap = g, vy = vy}}
end

record()
report:marker("drop")
local rested = false
for _ = 1, 8 * 60 do
  w:step(); record()
  if w.paused then rested = true; break end
end
local rest_time = w.time
for _ = 1, 30 do w:step(); record() end

local lowest = math.huge
for _, g in ipairs(trace:column("gap")) do lowest = math.min(lowest, g) end
local x_end, y_end = w:position(alert)
sk.metric("rested", rested and 1 or 0)
sk.metric("rest time", rest_time, "s")
sk.metric("bounces", #bounces)
sk.metric("first bounce", bounces[1] or 0, "pt")
sk.metric("second bounce", bounces[2] or 0, "pt")
sk.metric("deepest past the line", -lowest, "pt")
sk.metric("gap at rest", gap(), "pt")
sk.metric("end x", x_end, "pt")
sk.metric("end y", y_end, "pt")

sk.expect{name = "the alert comes to rest on the line (its lowest point within 1 pt of it)", id = 0, column = "gap", target = 0, epsilon = 1, settles_within = 4}
sk.expect{name = "each bounce rises less high than the one before", id = 0, column = "growth", within = {-1e9, 0}}
-- No tunnelling: the first landing is the fastest (v = √(2 g line_y)), and Box2D stops a body
-- within the sub-step (1/120 s) in which it reaches a static shape, so it is never farther past
-- the line than one sub-step's travel at that speed.
local landing_speed = math.sqrt(2 * 1000 * magnitude * line_y)
local sub_step = 1 / 120
sk.metric("landing speed", landing_speed, "pt/s")
sk.expect{name = "it never passes the line by more than a sub-step's travel at the landing speed", id = 0, column = "gap", within = {-landing_speed * sub_step, 1e9}}
sk.expect{name = "nothing twitches at rest", at_rest = 30, epsilon = 0}
return {trace = trace, report = report}
