-- Ball pit: items (300 by default; preset `full`, the issue's 2,000), rectangles and ellipses of
-- seeded sizes, fall into an open container
-- made of three line boundaries (two walls and a floor); then a finger drags a ball
-- through the pile with a UISnapBehavior, as Apple's Newton's cradle playground drags its balls
-- (https://developer.apple.com/swift/blog/?id=35, in the port p-sun/iOS-Effects-and-Animations,
-- `Newton'sCradle/NewtonsCradle.playground/Sources/NewtonsCradle.swift`: one gravity, one
-- collision and one item behaviour shared by every item; touch down adds a snap to the touch,
-- moves its point with the finger and removes it on lift). No public UIKit Dynamics pit of
-- thousands of items was found; the scale is this script's (it is the engine's stress case: the
-- default keeps `simrun check` near 4 s, the 2,000 of `full` take minutes, docs/effects.md).
-- docs/effects.md, "Ball pit".
--
-- Expectations (physical facts): no item leaves the container (every centre stays between the
-- walls and above the floor), and the pile (the dragged ball with it) comes to rest (no item faster than 5 pt/s) within a few
-- seconds of the finger lifting.
local sk = require "springkit"

sk.preset("full", {items = 2000}, "the issue's 2,000 items (about 20 times the default's run time)")

local count      = sk.param("items", 150, {min = 10, max = 20000, step = 10, doc = "items dropped into the pit"})
local min_size   = sk.param("min_size", 8, {min = 2, max = 40, step = 1, unit = "pt", doc = "smallest item side"})
local max_size   = sk.param("max_size", 18, {min = 2, max = 60, step = 1, unit = "pt", doc = "largest item side"})
local ellipses   = sk.param("ellipses", 0.5, {min = 0, max = 1, step = 0.05, doc = "share of items that collide as ellipses (the others as rectangles)"})
local elasticity = sk.param("elasticity", 0.2, {min = 0, max = 1, step = 0.05, doc = "UIDynamicItemBehavior.elasticity (UIKit's default 0.2)"})
local friction   = sk.param("friction", 0.2, {min = 0, max = 2, step = 0.05, doc = "UIDynamicItemBehavior.friction (UIKit's default 0.2)"})
local drop_time  = sk.param("drop_time", 2.5, {min = 0.5, max = 10, step = 0.5, unit = "s", doc = "how long the items fall before the finger comes"})
local settle_limit = sk.param("settle_limit", 8, {min = 1, max = 30, step = 1, unit = "s", doc = "how long the pile may take to rest after the lift"})

local view_w, view_h = 800, 900
local left, right, floor = 20, view_w - 20, view_h - 20
local top = -400                               -- the walls reach far above the view

local w = sk.world{}
local items, sizes, round = {}, {}, {}
local columns = math.floor((right - left) / (max_size + 2))
local pitch = (right - left) / columns
for i = 1, count do
  local c, r = (i - 1) % columns, (i - 1) // columns
  local s = min_size + (max_size - min_size) * sk.random()
  local h = min_size + (max_size - min_size) * sk.random()
  local ellipse = sk.random() < ellipses
  if ellipse then h = s end
  local x = left + pitch * (c + 0.5)
  local y = floor - 60 - r * (max_size + 2) - (max_size / 2)
  items[i] = w:add_item{x = x, y = y, width = s, height = h, bounds = ellipse and "ellipse" or "rectangle"}
  sizes[i] = {s, h}
  round[i] = ellipse
end
-- The ball the finger drags: 60 pt, lying in the pit's bottom left corner as the items fall on it.
-- (Dropped from above onto the pile, it pushes small items through the floor: docs/effects.md,
-- "What the engine lacked".)
local pusher_size = 60
local pusher = w:add_item{x = left + pusher_size / 2, y = floor - pusher_size / 2, width = pusher_size, height = pusher_size, bounds = "ellipse"}
local all = {}
for i = 1, count do all[i] = items[i] end
all[#all + 1] = pusher
w:gravity{items = all}
w:collision{items = all, boundaries = {
  {id = "left wall", from = {left, top}, to = {left, floor}},
  {id = "floor", from = {left, floor}, to = {right, floor}},
  {id = "right wall", from = {right, floor}, to = {right, top}},
}}
w:item_behavior{items = items, elasticity = elasticity, friction = friction}
w:item_behavior{items = {pusher}, allows_rotation = false}

local traced = {}                                  -- every 200th item, and the pusher
for i = 1, count, 200 do traced[#traced + 1] = i end
local trace = sk.trace{"x", "y", "outside", "highest", "moving"}
local report = sk.report{title = "Ball pit", viewport = {view_w, view_h},
                         plots = {{name = "outside", unit = "items"}, {name = "moving", unit = "items"}, {name = "pile top", unit = "pt"}}}
local palette = {0xE06193, 0x38B3F5, 0xEA6948, 0x85CC58, 0xF7B928, 0x8E44AD}
local finger

--- Items whose centre is out of the container, the highest centre, items still moving (> 5 pt/s).
local function census()
  local outside, highest, moving = 0, math.huge, 0
  for i = 1, count do
    local x, y = w:position(items[i])
    if x < left or x > right or y > floor then outside = outside + 1 end
    if y < highest then highest = y end
    local vx, vy = w:velocity(items[i])
    if vx * vx + vy * vy > 25 then moving = moving + 1 end
  end
  local px, py = w:position(pusher)
  if px < left or px > right or py > floor then outside = outside + 1 end
  return outside, highest, moving
end

local function record()
  local outside, highest, moving = census()
  for k, i in ipairs(traced) do
    local x, y = w:position(items[i])
    trace:add(w.frame, w.time, k - 1, x, y, outside, highest, moving)
  end
  local px, py = w:position(pusher)
  trace:add(w.frame, w.time, #traced, px, py, outside, highest, moving)
  if not report.recording then return outside, moving end
  local shapes = {}
  for i = 1, count do
    local x, y = w:position(items[i])
    local color = palette[(i - 1) % #palette + 1]
    if round[i] then
      shapes[#shapes + 1] = {circle = {x, y, sizes[i][1] / 2}, color = color}
    else
      shapes[#shapes + 1] = {center = {x, y}, size = sizes[i], rotation = w:angle(items[i]), color = color}
    end
  end
  shapes[#shapes + 1] = {circle = {px, py, pusher_size / 2}, color = 0x263238}
  if finger then shapes[#shapes + 1] = {circle = {finger[1], finger[2], 22}, color = 0xd32f2f, alpha = 0.35} end
  report:frame{t = w.time, shapes = shapes, collisions = w,
               values = {outside = outside, moving = moving, ["pile top"] = floor - highest}}
  return outside, moving
end

local function step() w:step(); return record() end

record()
report:marker("drop")
for _ = 1, drop_time * 60 do step() end

-- The finger takes the ball where it lies under the pile (touchesBegan: a snap to the touch),
-- drags it along the bottom to the far side and up into the pile, and lifts there
-- (touchesEnded: the snap goes).
report:marker("finger down")
finger = {w:position(pusher)}
local snap = w:snap{item = pusher, point = finger, damping = 0.5}
local path = {{right - 80, floor - 40, 1.5}, {right - 120, floor - 120, 0.5}}
local dragging_from = w.time
for _, leg in ipairs(path) do
  local n = math.floor(leg[3] * 60 + 0.5)
  local sx, sy = finger[1], finger[2]
  for i = 1, n do
    finger = {sx + (leg[1] - sx) * i / n, sy + (leg[2] - sy) * i / n}
    snap.point = finger
    step()
  end
end
snap:remove()
local lift = w.time
finger = nil
report:marker("lift")
local rested = false
for _ = 1, settle_limit * 60 do
  step()
  if w.paused then rested = true; break end
end
local rest_time = w.time - lift
for _ = 1, 30 do step() end
local outside, highest, moving = census()

sk.metric("items", count)
sk.metric("rested", rested and 1 or 0)
sk.metric("rest after the lift", rest_time, "s")
sk.metric("outside at the end", outside)
sk.metric("moving at the end", moving)
sk.metric("pile height", floor - highest, "pt")
sk.metric("dragging", lift - dragging_from, "s")

sk.expect{name = "no item leaves the container (items with their centre outside it)", column = "outside", within = {0, 0}}
sk.expect{name = "the pile comes to rest within " .. settle_limit .. " s of the lift (items moving faster than 5 pt/s)", id = 0, column = "moving", from = lift, target = 0, epsilon = 0.5, settles_within = settle_limit}
sk.expect{name = "nothing twitches at rest", at_rest = 30, epsilon = 0}
return {trace = trace, report = report}
