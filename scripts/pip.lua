-- Picture in picture, thrown to a corner (WWDC 2018 "Designing Fluid Interfaces", as
-- nathangitter/fluid-interfaces' Pip.swift builds it): an 86 × 130 window follows the finger
-- (its centre keeps the touch's offset); on release its centre is projected with the scroll
-- view's normal deceleration, `p + (v/1000)·r/(1 − r)` with r = 0.998, and the corner position
-- nearest the projection is the target. The original animates there with a spring timing
-- (damping 1, response 0.4); here UIKit Dynamics carries it: a UISnapBehavior to the corner
-- (damping 1) and the release velocity given to the window through a UIDynamicItemBehavior that
-- keeps it upright (allowsRotation = false). docs/effects.md, "Picture in picture".
--
-- Gestures: from the bottom-right corner a flick up and left (to the top left), then from there
-- a flick right and down (`flick_dx`, `flick_dy` over `flick_time`; by default to the top right).
local sk = require "springkit"

sk.preset("fast", {deceleration = 0.99}, "UIScrollView.DecelerationRate.fast: projects a fifth as far")
local deceleration = sk.param("deceleration", 0.998, {min = 0.9, max = 0.9999, step = 0.001, doc = "the projection's rate (0.998 normal, 0.99 fast)"})
local damping      = sk.param("damping", 1, {min = 0, max = 1, step = 0.05, doc = "the snap's damping"})
local flick_dx     = sk.param("flick_dx", 80, {min = -300, max = 300, step = 10, unit = "pt", doc = "the second flick's drag, sideways"})
local flick_dy     = sk.param("flick_dy", 60, {min = -600, max = 600, step = 10, unit = "pt", doc = "the second flick's drag, down"})
local flick_time   = sk.param("flick_time", 0.15, {min = 0.05, max = 2, step = 0.05, unit = "s", doc = "the second flick's duration"})

-- Pip.swift on an iPhone X screen (375 × 812, safe area 44 top, 34 bottom): the window 86 × 130,
-- the corner positions 23 pt from the sides and 25 pt inside the safe area.
local screen_w, screen_h = 375, 812
local pip_w, pip_h = 86, 130
local left, right = 23 + pip_w / 2, screen_w - 23 - pip_w / 2
local top, bottom = 44 + 25 + pip_h / 2, screen_h - 34 - 25 - pip_h / 2
local corners = {{left, top}, {right, top}, {left, bottom}, {right, bottom}}
local corner_names = {"top left", "top right", "bottom left", "bottom right"}

local w = sk.world{}
local pip = w:add_item{x = right, y = bottom, width = pip_w, height = pip_h}
local snap, keep_upright
local target, projected = 4, {right, bottom}
local finger

local trace = sk.trace{"x", "y", "angle", "target"}
local report = sk.report{title = "Picture in picture: projected corner", viewport = {screen_w, screen_h},
                         plots = {{name = "x", unit = "pt"}, {name = "y", unit = "pt"}, {name = "target", unit = ""}}}

local function record()
  local x, y = w:position(pip)
  local a = w:angle(pip)
  trace:add(w.frame, w.time, 0, x, y, a, target)
  if not report.recording then return end
  local shapes = {}
  for _, c in ipairs(corners) do
    shapes[#shapes + 1] = {center = {c[1], c[2]}, size = {pip_w, pip_h}, stroke = true, line_width = 2, color = 0x4d4d4d, radius = 16}
  end
  shapes[#shapes + 1] = {center = {projected[1], projected[2]}, size = {pip_w, pip_h}, ghost = true, stroke = true, color = 0xF7A51C, radius = 16}
  shapes[#shapes + 1] = {center = {x, y}, size = {pip_w, pip_h}, rotation = a, color = 0xF7A51C, radius = 16}
  if finger then shapes[#shapes + 1] = {circle = {finger[1], finger[2], 22}, color = 0xd32f2f, alpha = 0.35} end
  report:frame{t = w.time, shapes = shapes, values = {x = x, y = y, target = target}}
end

--- Distance travelled decelerating from `v` (pt/s) at `rate` per millisecond.
local function project(v) return (v / 1000) * deceleration / (1 - deceleration) end

local function nearest(x, y)
  local best, best_d = 1, math.huge
  for i, c in ipairs(corners) do
    local d = (x - c[1]) ^ 2 + (y - c[2]) ^ 2
    if d < best_d then best, best_d = i, d end
  end
  return best
end

--- The pan: the window leaves the animator and follows the finger (center = touch − offset).
local function flick(dx, dy, seconds)
  if snap then snap:remove(); snap = nil end
  if keep_upright then keep_upright:remove(); keep_upright = nil end
  local x0, y0 = w:position(pip)
  finger = {x0 + 10, y0 + 20}
  local ox, oy = finger[1] - x0, finger[2] - y0
  report:marker("touch down")
  local tracker = sk.velocity_tracker{window = 0.1}
  tracker:add(w.time, finger[1], finger[2])
  local n = math.max(1, math.floor(seconds * 60 + 0.5))
  local fx, fy = finger[1], finger[2]
  for i = 1, n do
    finger = {fx + dx * i / n, fy + dy * i / n}
    w:set_position(pip, finger[1] - ox, finger[2] - oy); w:set_velocity(pip, 0, 0)
    w:step()
    tracker:add(w.time, finger[1], finger[2])
    record()
  end
  finger = nil
  -- Release: project, pick the corner, snap there keeping the fling's velocity.
  local vx, vy = tracker:velocity()
  local x, y = w:position(pip)
  projected = {x + project(vx), y + project(vy)}
  target = nearest(projected[1], projected[2])
  keep_upright = w:item_behavior{items = {pip}, allows_rotation = false}
  keep_upright:add_linear_velocity(pip, vx, vy)
  snap = w:snap{item = pip, point = corners[target], damping = damping}
  report:marker("release → " .. corner_names[target])
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
flick(-60, -120, 0.2)
local first_target = target
local first_release = w.time
settle(4)
local first_x, first_y = w:position(pip)
local second_vx, second_vy = flick(flick_dx, flick_dy, flick_time)
local second_release = w.time
local took = settle(4)
for _ = 1, 30 do w:step(); record() end
local x, y = w:position(pip)

sk.metric("first corner", first_target)
sk.metric("second corner", target)
sk.metric("second release speed", math.sqrt(second_vx ^ 2 + second_vy ^ 2), "pt/s")
sk.metric("first rest x", first_x, "pt")
sk.metric("first rest y", first_y, "pt")
sk.metric("end x", x, "pt")
sk.metric("end y", y, "pt")
sk.metric("settle time", took, "s")
sk.metric("overshoot x", trace:overshoot{column = "x", target = corners[target][1], from = second_release}, "%")

sk.expect{name = "the first flick ends in the projected corner (x, 1 pt)", id = 0, column = "x", from = first_release, to = second_release - 0.3, target = corners[first_target][1], epsilon = 1, settles_within = 2}
sk.expect{name = "the first flick ends in the projected corner (y, 1 pt)", id = 0, column = "y", from = first_release, to = second_release - 0.3, target = corners[first_target][2], epsilon = 1, settles_within = 2}
sk.expect{name = "the second flick ends in the projected corner (x, 1 pt)", id = 0, column = "x", from = second_release, target = corners[target][1], epsilon = 1, settles_within = 2}
sk.expect{name = "the second flick ends in the projected corner (y, 1 pt)", id = 0, column = "y", from = second_release, target = corners[target][2], epsilon = 1, settles_within = 2}
sk.expect{name = "the window stays upright", column = "angle", within = {0, 0}}
sk.expect{name = "it stays on screen", column = "x", within = {pip_w / 2, screen_w - pip_w / 2}}
sk.expect{name = "nothing twitches at rest", at_rest = 30, epsilon = 0}
return {trace = trace, report = report}
