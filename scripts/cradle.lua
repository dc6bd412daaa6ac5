-- Newton's cradle: five balls, each hung from a fixed point by a rigid UIAttachmentBehavior, in
-- a row, elastic, without friction or resistance, under UIGravityBehavior and a
-- UICollisionBehavior; the first is pulled aside and let go. Original: Apple's Swift blog
-- playground "Newton's Cradle and UIKit Dynamics" (https://developer.apple.com/swift/blog/?id=35),
-- in the Swift 3 port p-sun/iOS-Effects-and-Animations, `Newton'sCradle/NewtonsCradle.playground`
-- (`Sources/NewtonsCradle.swift`, `Contents.swift`): a 480 × 320 view, 60 × 60 balls 2 pt apart,
-- centred, each attached to a point 50 pt above the view's middle over its centre with length
-- 100; elasticity 1, resistance 0.2, rotation off, gravity magnitude 1. Here the balls collide as
-- ellipses (`bounds = "ellipse"`, iOS 9; the playground's views collide as their squares), the
-- resistance is 0 and the friction 0, and the pull is a placement (the playground drags the
-- ball with a UISnapBehavior). docs/effects.md, "Newton's cradle".
--
-- Expectations (physical facts): the momentum passes through the row: the last ball swings out
-- nearly as far as the first was pulled while the middle ones stay nearly still, and the total
-- energy (kinetic + potential) never grows.
local sk = require "springkit"

local balls_n    = sk.param("balls", 5, {min = 2, max = 8, step = 1, doc = "balls in the row"})
local pull       = sk.param("pull", 40, {min = 5, max = 80, step = 1, unit = "°", doc = "how far the first ball is pulled aside, from the vertical"})
local elasticity = sk.param("elasticity", 1, {min = 0, max = 1, step = 0.01, doc = "UIDynamicItemBehavior.elasticity (the playground's 1)"})
local resistance = sk.param("resistance", 0, {min = 0, max = 2, step = 0.05, unit = "1/s", doc = "UIDynamicItemBehavior.resistance (the playground's 0.2)"})
local padding    = sk.param("padding", 2, {min = 0, max = 10, step = 0.5, unit = "pt", doc = "space between the balls (the playground's ballPadding 2; 0.5 swings the same; at 0 the resting contacts make the row move as one)"})
local length     = sk.param("length", 100, {min = 40, max = 150, step = 5, unit = "pt", doc = "the attachments' length"})
local seconds    = sk.param("seconds", 4, {min = 1, max = 20, step = 0.5, unit = "s", doc = "how long to run after the release"})

local view_w, view_h = 480, 320
local size = 60
local anchor_y = view_h / 2 - 50
local row_w = balls_n * (size + padding)
local x0 = (view_w - row_w) / 2 + size / 2

local w = sk.world{}
local balls, anchors, rest_x = {}, {}, {}
for i = 1, balls_n do
  local ax = x0 + (i - 1) * (size + padding)
  anchors[i] = {ax, anchor_y}
  rest_x[i] = ax
  local x, y = ax, anchor_y + length
  if i == 1 then
    local a = math.rad(pull)
    x, y = ax - length * math.sin(a), anchor_y + length * math.cos(a)
  end
  balls[i] = w:add_item{x = x, y = y, width = size, height = size, bounds = "ellipse"}
  w:attach(balls[i], {anchor = anchors[i], length = length})
end
w:gravity{items = balls}
w:collision{items = balls, mode = "items"}
w:item_behavior{items = balls, elasticity = elasticity, friction = 0, resistance = resistance, angular_resistance = 0, allows_rotation = false}

local mass = size * size / 1e4                     -- kg (density 1, 100 pt per metre)
local g = 10                                       -- m/s², gravity magnitude 1
--- Total energy, mJ: kinetic plus potential above the balls' lowest point.
local function energy()
  local e = 0
  for i = 1, balls_n do
    local _, y = w:position(balls[i])
    local vx, vy = w:velocity(balls[i])
    e = e + mass * (0.5 * (vx * vx + vy * vy) / 1e4 + g * (anchor_y + length - y) / 100)
  end
  return e * 1000
end

local trace = sk.trace{"x", "y", "swing", "energy", "last_reach"}
local report = sk.report{title = "Newton's cradle", viewport = {view_w, view_h},
                         plots = {{name = "first ball", unit = "pt"}, {name = "last ball", unit = "pt"}, {name = "energy", unit = "mJ"}}}
local colors = {0xE06193, 0x38B3F5, 0xEA6948, 0x85CC58, 0x8E44AD, 0xF7B928, 0x00A8A8, 0x455A64}
local last_reach = 0          -- how far right the last ball has swung so far

local function record()
  local e = energy()
  local lx = w:position(balls[balls_n])
  last_reach = math.max(last_reach, lx - rest_x[balls_n])
  for i = 1, balls_n do
    local x, y = w:position(balls[i])
    trace:add(w.frame, w.time, i - 1, x, y, x - rest_x[i], e, last_reach)
  end
  if not report.recording then return end
  local shapes = {{line = {anchors[1][1] - size, anchor_y, anchors[balls_n][1] + size, anchor_y}, color = 0x455A64, line_width = 4}}
  for i = 1, balls_n do
    local x, y = w:position(balls[i])
    shapes[#shapes + 1] = {line = {anchors[i][1], anchors[i][2], x, y}, color = 0x555555, line_width = 2}
    shapes[#shapes + 1] = {circle = {x, y, size / 2}, color = colors[(i - 1) % #colors + 1]}
  end
  local fx = w:position(balls[1])
  report:frame{t = w.time, shapes = shapes, collisions = w,
               values = {["first ball"] = fx - rest_x[1], ["last ball"] = lx - rest_x[balls_n], energy = e}}
end

local e0 = energy()
record()
report:marker("release")
local first_hit
for _ = 1, seconds * 60 do
  w:step(); record()
  if not first_hit and w:velocity(balls[balls_n]) > 1 then first_hit = w.time end
end

-- The first swing of the last ball: from the first hit to half a period later.
local period = 2 * math.pi * math.sqrt(length / 100 / g)
local window_end = (first_hit or 0) + period / 2
local middle_peak = 0
for i = 2, balls_n - 1 do
  local swing = trace:peak{column = "swing", id = i - 1, to = window_end}
  middle_peak = math.max(middle_peak, swing)
end
local pulled = length * math.sin(math.rad(pull))
local energies = trace:column("energy")
local highest = -math.huge
for _, e in ipairs(energies) do highest = math.max(highest, e) end

sk.metric("first hit", first_hit or -1, "s")
sk.metric("pulled aside", pulled, "pt")
sk.metric("last ball's first swing", trace:peak{column = "swing", id = balls_n - 1, to = window_end}, "pt")
sk.metric("middle balls' largest swing", middle_peak, "pt")
sk.metric("energy at release", e0, "mJ")
sk.metric("energy at the end", energy(), "mJ")
sk.metric("highest energy", highest, "mJ")

local tail = balls_n - 1
sk.expect{name = "the last ball swings out at least 80 % as far as the first was pulled, within half a period of the hit", id = tail, column = "last_reach", from = window_end, to = window_end + 0.05, within = {0.8 * pulled, 1e9}}
for i = 2, balls_n - 1 do
  sk.expect{name = "middle ball " .. i .. " stays within 10 % of the pull during the first swing", id = i - 1, column = "swing", to = window_end, within = {-0.1 * pulled, 0.1 * pulled}}
end
sk.expect{name = "the total energy never grows (0.5 % for float metres)", column = "energy", within = {0, e0 * 1.005}}
return {trace = trace, report = report}
