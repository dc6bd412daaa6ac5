-- A swipe card (zhxnlai/ZLSwipeableView 0.2, ViewManager.m): the card hangs by the point the
-- finger took, through a rigid zero-length attachment, on a hidden 1000 × 1000 "anchor view";
-- that view hangs rigidly on the finger. Dragged by an off-centre point, the card turns.
-- On release the library decides: a swipe (translation past a quarter of the width, or faster
-- than 750 pt/s, each axis the same sign as the velocity) lets go of the finger and gives the
-- anchor view an instantaneous push of max(|v|, 750) along the translation (on 100 kg that is
-- that many pt/s); otherwise both attachments go and a UISnapBehavior (damping 0.75) carries
-- the card back to the middle. A swiped card is removed once its frame leaves the screen
-- (checked every 0.3 s). docs/effects.md, "Swipe card", names the file and commit.
--
-- Gestures: a short slow drag by a point low and right of the centre (cancelled: the card
-- snaps back, straight again), then a quick drag to the right and up (swiped: it flies off
-- turning).
local sk = require "springkit"

local min_translation = sk.param("min_translation", 0.25, {min = 0.05, max = 1, step = 0.05, doc = "swipe when the translation passes this share of the view's size (minTranslationInPercent)"})
local min_velocity    = sk.param("min_velocity", 750, {min = 100, max = 5000, step = 50, unit = "pt/s", doc = "or when the release is faster (minVelocityInPointPerSecond); also the least push"})
local snap_damping    = sk.param("snap_damping", 0.75, {min = 0, max = 1, step = 0.05, doc = "the snap back's damping (UISnapBehavior.damping)"})
local swipe_dx        = sk.param("swipe_dx", 120, {min = -200, max = 200, step = 10, unit = "pt", doc = "the second drag, sideways"})
local swipe_dy        = sk.param("swipe_dy", -30, {min = -200, max = 200, step = 10, unit = "pt", doc = "the second drag, down"})
local swipe_time      = sk.param("swipe_time", 0.2, {min = 0.05, max = 2, step = 0.05, unit = "s", doc = "the second drag's duration"})

-- The demo's layout on a 375 × 667 screen: the swipeable view is inset 50 left and right,
-- 120 at the top and 100 at the bottom; a card fills it.
local screen_w, screen_h = 375, 667
local card_w, card_h = 275, 447
local cx, cy = 50 + card_w / 2, 120 + card_h / 2
local anchor_size = 1000

local w = sk.world{}
local card = w:add_item{x = cx, y = cy, width = card_w, height = card_h}
local anchor_view = w:add_item{x = cx, y = cy, width = anchor_size, height = anchor_size}

local trace = sk.trace{"x", "y", "angle", "grip", "onscreen"}
local report = sk.report{title = "Swipe card", viewport = {screen_w, screen_h},
                         plots = {{name = "angle", unit = "rad"}, {name = "x", unit = "pt"}, {name = "grip", unit = "pt"}}}

-- The library's state and behaviours.
local state = "snapping"          -- ViewManagerState: snapping, moving, swiping
local to_anchor_view, to_finger, snap, push
local grab = {0, 0}               -- the attachment's offset on the card (its own axes)
local finger
local removed = false
local swiped_at, checks = nil, 0

local function move_anchor(s, x, y) w:set_anchor(s, x, y) end

local function rotate(x, y, a)
  local c, s = math.cos(a), math.sin(a)
  return c * x - s * y, s * x + c * y
end

--- The card's frame as UIKit reports it for a turned view: the bounding box of the turned rect.
local function frame_of(id, wd, ht)
  local x, y = w:position(id)
  local a = w:angle(id)
  local ex = math.abs(math.cos(a)) * wd / 2 + math.abs(math.sin(a)) * ht / 2
  local ey = math.abs(math.sin(a)) * wd / 2 + math.abs(math.cos(a)) * ht / 2
  return x - ex, y - ey, x + ex, y + ey
end

local function on_screen()
  local x0, y0, x1, y1 = frame_of(card, card_w, card_h)
  return x1 > 0 and x0 < screen_w and y1 > 0 and y0 < screen_h
end

--- How far the card's grabbed point is from the finger (0 while the rigid attachment holds).
local function grip()
  if state ~= "moving" then return 0 end
  local x, y = w:position(card)
  local ox, oy = rotate(grab[1], grab[2], w:angle(card))
  return math.sqrt((x + ox - finger[1]) ^ 2 + (y + oy - finger[2]) ^ 2)
end

local colors = {0x1ABC9C, 0x16A085, 0x2ECC71}
local function record()
  local t = w.time
  local x, y = w:position(card)
  local a = w:angle(card)
  local g = grip()
  trace:add(w.frame, t, 0, x, y, a, g, on_screen() and 1 or 0)
  if not report.recording then return end
  local shapes = {}
  -- The two cards below, turned ±1° about a point 0.3 × the view's height below their centre
  -- (DefaultViewAnimator: a UIView animation, not dynamics; drawn at its end).
  for k = 3, 2, -1 do
    local deg = (k == 2) and 1 or -1
    local r = deg * math.pi / 180
    local ox, oy = 0, card_h * 0.3
    local rx, ry = rotate(-ox, -oy, r)
    shapes[#shapes + 1] = {center = {cx + ox + rx, cy + oy + ry}, size = {card_w, card_h}, rotation = r, color = colors[k], radius = 10}
  end
  if not removed then
    shapes[#shapes + 1] = {center = {x, y}, size = {card_w, card_h}, rotation = a, color = colors[1]}
    shapes[#shapes + 1] = {text = "card", at = {x, y}, align = "center", size = 22, color = 0xffffff}
  end
  if state == "moving" then
    shapes[#shapes + 1] = {circle = {finger[1], finger[2], 22}, color = 0xd32f2f, alpha = 0.35}
  end
  if snap then shapes[#shapes + 1] = {circle = {cx, cy, 4}, color = 0x455a64} end
  report:frame{t = t, shapes = shapes, values = {angle = a, x = x, grip = g}}
end

local function step()
  w:step()
  -- The scheduler: every 0.3 s after a swipe, a card whose frame misses the screen goes.
  if swiped_at and not removed then
    checks = checks + 1
    if checks % 18 == 0 and not on_screen() then removed = true; report:marker("card removed") end
  end
  record()
end

--- touch down on the card: setStateMoving from snapping (unsnap, attach at the touch).
local function touch_down(x, y)
  if snap then snap:remove(); snap = nil end
  -- With no behaviour left the card's body left the world; the attachments make a new one,
  -- at rest (UIKit's body lifetime, charon §2.9).
  w:set_velocity(card, 0, 0); w:set_angular_velocity(card, 0)
  w:set_position(anchor_view, x, y); w:set_velocity(anchor_view, 0, 0); w:set_angular_velocity(anchor_view, 0)
  local px, py = w:position(card)
  grab = {x - px, y - py}
  finger = {x, y}
  to_anchor_view = w:connect(card, anchor_view, {offset_a = grab, offset_b = {0, 0}, length = 0})
  to_finger = w:attach(anchor_view, {anchor = {x, y}, length = 0, damping = 100})
  state = "moving"
  report:marker("touch down")
end

--- The finger moves by (dx, dy) in `seconds`, one step per frame; returns the pan's velocity.
local function drag(dx, dy, seconds)
  local tracker = sk.velocity_tracker{window = 0.1}
  local n = math.max(1, math.floor(seconds * 60 + 0.5))
  local x0, y0 = finger[1], finger[2]
  tracker:add(w.time, x0, y0)
  for i = 1, n do
    finger = {x0 + dx * i / n, y0 + dy * i / n}
    move_anchor(to_finger, finger[1], finger[2])
    step()
    tracker:add(w.time, finger[1], finger[2])
  end
  return tracker:velocity()
end

local function sign(v) return v > 0 and 1 or (v < 0 and -1 or 0) end

--- The pan ends: DefaultShouldSwipeDeterminator, then swipe or snap back.
local function release(tx, ty, vx, vy)
  local speed = math.sqrt(vx * vx + vy * vy)
  local far = math.abs(tx) > min_translation * card_w or math.abs(ty) > min_translation * card_h
  local swipe = sign(tx) == sign(vx) and sign(ty) == sign(vy) and (far or speed > min_velocity)
  if swipe then
    -- setStateSwiping from moving: let go of the finger, push the anchor view (the card stays on it).
    local t = math.sqrt(tx * tx + ty * ty)
    local scale = math.max(speed, min_velocity)
    w:remove_spring(to_finger); to_finger = nil
    push = w:push{items = {anchor_view}, mode = "instantaneous", direction = {tx / t * scale, ty / t * scale}}
    state = "swiping"
    swiped_at = w.time
    report:marker("swipe")
  else
    -- setStateSnapping from moving: detach, snap to the middle (a new body, at rest).
    w:remove_spring(to_finger); w:remove_spring(to_anchor_view); to_finger, to_anchor_view = nil, nil
    w:set_velocity(card, 0, 0); w:set_angular_velocity(card, 0)
    snap = w:snap{item = card, point = {cx, cy}, damping = snap_damping}
    state = "snapping"
    report:marker("snap back")
  end
  return swipe
end

record()
-- 1. A short slow drag by a point low and right of the centre.
touch_down(cx + 70, cy + 150)
local vx, vy = drag(50, 20, 0.5)
local first_swiped = release(50, 20, vx, vy)
for _ = 1, 150 do step() end
local back_at = w.time
local back_x, back_y = w:position(card)
local back_angle = w:angle(card)
for _ = 1, 60 do step() end

-- 2. A quick drag by a point low and left of the centre, right and up.
touch_down(cx - 40, cy + 130)
vx, vy = drag(swipe_dx, swipe_dy, swipe_time)
local release_t = w.time
local second_swiped = release(swipe_dx, swipe_dy, vx, vy)
local angle_at_release = w:angle(card)
for _ = 1, 90 do step() end

sk.metric("first drag swiped", first_swiped and 1 or 0)
sk.metric("second drag swiped", second_swiped and 1 or 0)
sk.metric("release speed", math.sqrt(vx * vx + vy * vy), "pt/s")
sk.metric("angle at release", angle_at_release, "rad")
sk.metric("peak grip gap", trace:peak{column = "grip"}, "pt")
sk.metric("back x", back_x, "pt")
sk.metric("back y", back_y, "pt")
sk.metric("back angle", back_angle, "rad")
sk.metric("removed", removed and 1 or 0)
sk.metric("removed after", removed and (w.time - release_t) or -1, "s")

sk.expect{name = "the cancelled card snaps back to the middle (x, 1 pt)", id = 0, column = "x", from = 0.5, to = back_at, target = cx, epsilon = 1, settles_within = 2}
sk.expect{name = "the cancelled card snaps back to the middle (y, 1 pt)", id = 0, column = "y", from = 0.5, to = back_at, target = cy, epsilon = 1, settles_within = 2}
sk.expect{name = "the cancelled card ends straight (0.01 rad)", id = 0, column = "angle", from = 0.5, to = back_at, target = 0, epsilon = 0.01, settles_within = 2}
sk.expect{name = "the finger keeps its point on the card (within 2 pt: two rigid joints with a 0.5 pt slop each, one step behind the finger)", column = "grip", within = {0, 2}}
sk.expect{name = "the swiped card is off screen 0.8 s after the release", id = 0, column = "onscreen", from = release_t + 0.8, within = {0, 0}}
return {trace = trace, report = report}
