-- Throw a photo to dismiss it (jaredsinclair/JTSImageViewController): the pan takes the image
-- view by the point under the finger with a UIAttachmentBehavior(item:offsetFromCenter:
-- attachedToAnchor:) at that point (rigid, UIKit's default frequency 0), plus a
-- UIDynamicItemBehavior whose density and angular resistance the viewer scales with the image's
-- area and the screen's (0.5 and 4 on a 3.5-inch screen for a full-screen image); the anchor
-- follows the finger. Released faster than 800 pt/s, the attachment goes and an instantaneous
-- UIPushBehavior of 0.1 × the pan's velocity acts at the grabbed point, so the photo flies off
-- spinning; its action dismisses the viewer once no item is left in the visible rect
-- (`itemsInRect`, whose boxes are Box2D's fat AABBs, 10 pt larger). A slower release cancels
-- with a UIView spring animation, which is not UIKit Dynamics and is not played here.
-- docs/effects.md, "Throw to dismiss".
--
-- Gesture: the finger takes the photo right of and above its centre and throws it up and left.
local sk = require "springkit"

local min_flick = sk.param("min_flick", 800, {min = 100, max = 5000, step = 50, unit = "pt/s", doc = "JTSImageViewController_MinimumFlickDismissalVelocity"})
local push_scale = sk.param("push_scale", 0.1, {min = 0.01, max = 1, step = 0.01, doc = "the push is this × the pan's velocity (N·s per pt/s)"})
local throw_dx = sk.param("throw_dx", -90, {min = -400, max = 400, step = 10, unit = "pt", doc = "the throw's drag, sideways"})
local throw_dy = sk.param("throw_dy", -160, {min = -400, max = 400, step = 10, unit = "pt", doc = "the throw's drag, down"})
local throw_time = sk.param("throw_time", 0.15, {min = 0.05, max = 2, step = 0.05, unit = "s", doc = "the throw's duration"})

-- An iPhone 6 screen (375 × 667) and a 3:2 photo fitted to its width.
local screen_w, screen_h = 375, 667
local photo_w, photo_h = 375, 250
local cx, cy = screen_w / 2, screen_h / 2
-- appropriateDensityForView / appropriateAngularResistanceForView.
local reference_area, actual_area = screen_w * screen_h, photo_w * photo_h
local screen_factor = (320 * 480) / (screen_w * screen_h)
local density = 0.5 * screen_factor * reference_area / actual_area
local angular_resistance = 4 * screen_factor * reference_area / actual_area

local w = sk.world{}
local photo = w:add_item{x = cx, y = cy, width = photo_w, height = photo_h}
local attachment, modifier, push
local offset, finger
local shown, dismissed_at = true, nil

local trace = sk.trace{"x", "y", "angle", "shown"}
local report = sk.report{title = "Throw to dismiss", viewport = {screen_w, screen_h},
                         plots = {{name = "angle", unit = "rad"}, {name = "y", unit = "pt"}}}

local function move_anchor(s, x, y) w:set_anchor(s, x, y) end

local function rotate(x, y, a)
  local c, s = math.cos(a), math.sin(a)
  return c * x - s * y, s * x + c * y
end

--- imageViewIsOffscreen: the photo's fat AABB (10 pt larger) misses the visible rect.
local function offscreen()
  local x, y = w:position(photo)
  local a = w:angle(photo)
  local ex = math.abs(math.cos(a)) * photo_w / 2 + math.abs(math.sin(a)) * photo_h / 2 + 10
  local ey = math.abs(math.sin(a)) * photo_w / 2 + math.abs(math.cos(a)) * photo_h / 2 + 10
  return x + ex < 0 or x - ex > screen_w or y + ey < 0 or y - ey > screen_h
end

local function record()
  local x, y = w:position(photo)
  local a = w:angle(photo)
  trace:add(w.frame, w.time, 0, x, y, a, shown and 1 or 0)
  if not report.recording then return end
  local shapes = {{rect = {0, 0, screen_w, screen_h}, color = 0x000000, alpha = shown and 0.66 or 0}}
  if shown then
    shapes[#shapes + 1] = {center = {x, y}, size = {photo_w, photo_h}, rotation = a, color = 0x8D6E63}
    shapes[#shapes + 1] = {text = "photo", at = {x, y}, align = "center", size = 22, color = 0xffffff}
  end
  if finger then shapes[#shapes + 1] = {circle = {finger[1], finger[2], 22}, color = 0xd32f2f, alpha = 0.35} end
  report:frame{t = w.time, shapes = shapes, values = {angle = a, y = y}}
end

local function step()
  w:step()
  -- The push's action: dismiss once the photo is off the screen.
  if push and shown and offscreen() then
    shown = false; dismissed_at = w.time
    push:remove(); modifier:remove(); push, modifier = nil, nil
    report:marker("dismissed")
  end
  record()
end

--- startImageDragging: the attachment at the touch, and the item behaviour.
local function touch_down(x, y)
  finger = {x, y}
  local px, py = w:position(photo)
  offset = {x - px, y - py}
  attachment = w:attach(photo, {anchor = {x, y}, offset = offset})
  modifier = w:item_behavior{items = {photo}, density = density, angular_resistance = angular_resistance}
  report:marker("touch down")
end

record()
touch_down(cx + 100, cy - 60)
local tracker = sk.velocity_tracker{window = 0.1}
tracker:add(w.time, finger[1], finger[2])
local n = math.max(1, math.floor(throw_time * 60 + 0.5))
local fx, fy = finger[1], finger[2]
local peak_turn = 0
for i = 1, n do
  finger = {fx + throw_dx * i / n, fy + throw_dy * i / n}
  move_anchor(attachment, finger[1], finger[2])
  step()
  tracker:add(w.time, finger[1], finger[2])
  peak_turn = math.max(peak_turn, math.abs(w:angle(photo)))
end
local vx, vy = tracker:velocity()
local speed = math.sqrt(vx * vx + vy * vy)
finger = nil
local release_t = w.time
local thrown = speed > min_flick
if thrown then
  -- dismissImageWithFlick: the push at the grabbed point, then the attachment goes.
  push = w:push{items = {photo}, mode = "instantaneous", direction = {vx * push_scale, vy * push_scale}, offset = offset}
  w:remove_spring(attachment); attachment = nil
  report:marker("flick")
else
  report:marker("too slow: the viewer would spring back (a UIView animation, not played)")
end
local spin_after = 0
for _ = 1, 60 do
  step()
  if thrown then spin_after = math.max(spin_after, math.abs(w:angular_velocity(photo))) end
end

sk.metric("release speed", speed, "pt/s")
sk.metric("thrown", thrown and 1 or 0)
sk.metric("dismissed after", dismissed_at and (dismissed_at - release_t) or -1, "s")
sk.metric("turn while dragged", peak_turn, "rad")
sk.metric("spin after the throw", spin_after, "rad/s")
sk.metric("density", density)
sk.metric("angular resistance", angular_resistance)

sk.expect{name = "the thrown photo is dismissed within 0.6 s", id = 0, column = "shown", from = release_t + 0.6, within = {0, 0}}
sk.expect{name = "after the release it stays above the centre line (thrown up)", column = "y", from = release_t, within = {-100000, cy}}
return {trace = trace, report = report}
