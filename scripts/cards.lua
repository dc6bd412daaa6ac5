-- A horizontal snap-to-card carousel: eight 280 × 200 cards in a row, 16 pt apart, in a
-- 375 × 300 viewport whose content inset lets the first and last card sit centred. When the
-- finger lifts, the release velocity is projected with the deceleration rate to where a free
-- fling would stop (WWDC 2018 "Designing Fluid Interfaces"); the card nearest that point is
-- the target, and a spring carries the offset to centre it, keeping the fling's velocity.
--
-- Gestures: a short slow drag (snaps back to card 1) and a fast flick (skips to card 4).
-- Built only from primitives: no scroll physics or layout maths here.
local sk = require "springkit"

sk.preset("snappy", {damping = 1, frequency = 2.5}, "critically damped")
sk.preset("bouncy", {damping = 0.55, frequency = 1.6})

local damping      = sk.param("damping", 0.8, {min = 0.05, max = 5, step = 0.05, doc = "snap spring damping ratio"})
local frequency    = sk.param("frequency", 2, {min = 0.1, max = 20, step = 0.1, doc = "snap spring frequency, Hz"})
local deceleration = sk.param("deceleration", 0.998, {min = 0.9, max = 0.9999, step = 0.001, doc = "rate the release is projected with (0.998 normal, 0.99 fast)"})

local cards = sk.grid_layout{items = 8, columns = 8, item_width = 280, item_height = 200, spacing = 16, origin = {0, 50}}
local content_width = cards:content_size()
local scroll = sk.scroll_view{axis = "horizontal", width = 375, height = 300, content_width = content_width, content_height = 300,
                              inset = {left = 47.5, right = 47.5}, deceleration = deceleration}
scroll:set_offset(scroll:offset_centering(cards:frame(1)))

local target, projected = 1, scroll.offset
local trace = sk.trace{"offset", "velocity", "target"}
local report = sk.report{title = "Card carousel", viewport = {375, 300},
                         plots = {{name = "offset", unit = "pt"}, {name = "velocity", unit = "pt/s"}, {name = "target card", unit = ""}}}
local colors = {0xE8505B, 0xF9D56E, 0x14B1AB, 0x5C6E91, 0xF08A5D, 0xB83B5E, 0x6A2C70, 0x3F7CAC}

local function record(frame, t)
  trace:add(frame, t, 1, scroll.offset, scroll.velocity, target)
  -- A run that makes no report (simrun check, a sweep point) skips the drawing.
  if not report.recording then return end
  local shapes = {}
  for _, i in ipairs(cards:visible(scroll:bounds(), 0)) do
    shapes[#shapes + 1] = {rect = cards:frame(i), radius = 14, color = colors[i]}
    shapes[#shapes + 1] = {text = "card " .. i, at = {cards:center(i)}, align = "center", size = 22, color = 0xffffff}
  end
  -- Where a free fling would have stopped: the viewport there, as a ghost.
  shapes[#shapes + 1] = {rect = {projected, 0, 375, 300}, ghost = true, stroke = true, line_width = 2, color = 0x455a64}
  local target_frame = cards:frame(target)
  shapes[#shapes + 1] = {rect = target_frame, radius = 14, stroke = true, line_width = 3, color = 0x212121}
  if scroll.phase == "tracking" then
    local fx, fy = scroll:finger()
    shapes[#shapes + 1] = {circle = {fx, fy, 22}, fixed = true, color = 0xd32f2f, alpha = 0.35}
  end
  report:frame{t = t, offset = {scroll.offset_x, scroll.offset_y}, shapes = shapes,
               values = {offset = scroll.offset, velocity = scroll.velocity, ["target card"] = target}}
end

local animator = sk.animator{scroll_view = scroll, on_frame = record}

--- Lifts the finger with the drag's velocity and springs to the card nearest the projected stop.
local function release_and_snap()
  animator:release()
  projected = scroll:projected_offset()
  target = cards:nearest(scroll:center_at(projected))
  scroll:animate_to(scroll:offset_centering(cards:frame(target)), {damping = damping, frequency = frequency})
  report:marker("release → card " .. target)
end

record(0, 0)
-- A slow drag of 60 pt: the projection does not reach half way to card 2, so it snaps back.
animator:touch_down(300, 150); report:marker("touch down")
animator:drag(-60, 0, 0.5)
release_and_snap()
local first_rest = animator:wait_until_rest(5)
local first_target = target
-- A fast flick of 150 pt in 0.1 s: the projection skips cards.
animator:touch_down(300, 150); report:marker("touch down")
animator:drag(-150, 0, 0.1)
release_and_snap()
local second_release = animator.time
local rested = animator:wait_until_rest(5)
report:marker("rest")

sk.metric("first target", first_target)
sk.metric("second target", target)
sk.metric("offset at rest", scroll.offset, "pt")
sk.metric("overshoot", trace:overshoot{column = "offset", target = scroll.offset, from = second_release}, "%")
if first_rest and rested then sk.metric("settle time", animator.settle_time, "s") else print("did not come to rest within 5 s") end

-- Expectations `simrun check` tests on the trace (docs/lua-api.md, sk.expect).
sk.expect{name = "the carousel settles within 2.5 s", column = "offset", settles_within = 2.5}
sk.expect{name = "the offset stays within a rubber band of the cards", column = "offset", within = {-60, 860}}
return {trace = trace, report = report}
