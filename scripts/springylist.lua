-- The springy list of WWDC 2013 session 217 ("Exploring Scroll Views on iOS 7"), as TeehanLax's
-- UICollectionView-Spring-Demo and THSpringyCollectionView replicate it: every cell inside the
-- visible rect grown by 100 pt hangs on a spring at its layout center; when the list scrolls,
-- each cell lags by delta · min(1, |touch.y − anchor.y| / resistance), so cells far from the
-- finger trail behind and catch up. Newly attached cells start pre-shifted the same way.
--
-- Gesture: touch at y = 450, drag up 360 pt over 0.4 s, release with the drag's velocity (a
-- fling), run until rest. Built only from primitives: no scroll physics or layout maths here.
local sk = require "springkit"

-- Known presets (--preset NAME). The defaults are TeehanLax's.
sk.preset("TeehanLax", {length = 1, damping = 0.8, frequency = 1, resistance = 1500, resync = 0}, "objc.io issue 5")
sk.preset("THSpringy", {length = 0, damping = 0.5, frequency = 0.7, resistance = 500, resync = 30}, "THSpringyCollectionView; re-syncs after 30 pt")
sk.preset("BouncyLayout-subtle", {damping = 1, frequency = 2})
sk.preset("BouncyLayout-regular", {damping = 0.75, frequency = 1.5})
sk.preset("BouncyLayout-prominent", {damping = 0.5, frequency = 1})
sk.preset("JSQMessages", {length = 1, damping = 1, frequency = 1})

local length     = sk.param("length", 1, {min = 0, max = 50, step = 0.5, doc = "spring length, points"})
local damping    = sk.param("damping", 0.8, {min = 0, max = 5, step = 0.05, doc = "spring damping ratio"})
local frequency  = sk.param("frequency", 1, {min = 0.05, max = 20, step = 0.1, doc = "spring frequency, Hz"})
local resistance = sk.param("resistance", 1500, {min = 50, max = 10000, step = 50, doc = "scroll-resistance divisor, points"})
local resync     = sk.param("resync", 0, {min = 0, max = 200, step = 5, doc = "re-sync springs after this much scrolling, points (THSpringy: 30)"})

-- 50 rows of 300 × 44 with 10 pt between them and around them, in a 320 × 568 viewport.
local world = sk.world()
local rows = sk.flow_layout{items = 50, width = 320, item_width = 300, item_height = 44, spacing = 10,
                            insets = {top = 10, bottom = 10}}
local content_width, content_height = rows:content_size()
local scroll = sk.scroll_view{width = 320, height = 568, content_width = content_width, content_height = content_height}
local springs = sk.culler{world = world, layout = rows, inset = 100, resync = resync,
                          length = length, damping = damping, frequency = frequency}

-- shouldInvalidateLayoutForBoundsChange: every attached cell lags by the resistance rule.
local latest_delta, touch_y = 0, nil
scroll:on_bounds_change(function(_, dy, _, ty)
  latest_delta = dy
  if ty then springs:shift{delta = dy, touch_y = ty, resistance = resistance} end
end)
-- Newly attached cells are pre-shifted with the latest delta.
springs:on_pre_offset(function(_, _, anchor_y)
  if not touch_y then return 0, 0 end
  return 0, sk.resisted_shift{delta = latest_delta, touch_y = touch_y, anchor_y = anchor_y,
                              resistance = resistance, max_stretch = math.huge}
end)

local trace = sk.trace{"x", "y", "lag"}
local report = sk.report{title = "Springy list", viewport = {320, 568},
                         plots = {{name = "scroll offset", unit = "pt"}, {name = "lag of row 14", unit = "pt"},
                                  {name = "springs", unit = ""}}}
local watched = 14

local function record(frame, t)
  -- A run that makes no report (simrun check, a sweep point) skips the drawing.
  local drawing = report.recording
  local shapes, watched_lag = {}, 0
  for _, entry in ipairs(springs:entries()) do
    local x, y = world:layout_position(entry.item)
    local _, lag = world:displacement(entry.spring)
    if entry.index == watched then watched_lag = lag end
    trace:add(frame, t, entry.index, x, y, lag)
    if drawing then
      local frame_rect = rows:frame(entry.index)
      shapes[#shapes + 1] = {rect = frame_rect, radius = 6, stroke = true, ghost = true, color = 0x90a4ae}
      shapes[#shapes + 1] = {center = {x, y}, size = {frame_rect.width, frame_rect.height}, radius = 6,
                             color = entry.index == watched and 0xf08a5d or 0x5c6e91}
      shapes[#shapes + 1] = {text = tostring(entry.index), at = {x, y}, align = "center", size = 13, color = 0xffffff}
    end
  end
  if not drawing then return end
  if scroll.phase == "tracking" then
    local fx, fy = scroll:finger()
    shapes[#shapes + 1] = {circle = {fx, fy, 22}, fixed = true, color = 0xd32f2f, alpha = 0.35}
  end
  report:frame{t = t, offset = {scroll.offset_x, scroll.offset_y}, shapes = shapes,
               values = {["scroll offset"] = scroll.offset_y, ["lag of row 14"] = watched_lag, springs = world.springs}}
end

local animator = sk.animator{scroll_view = scroll, world = world,
  on_layout = function(bounds, _, ty) touch_y = ty; springs:update(bounds) end,
  on_frame = record}

springs:update(scroll:bounds())
record(0, 0)
animator:touch_down(160, 450); report:marker("touch down")
animator:drag(0, -360, 0.4); report:marker("drag")
animator:release(); report:marker("fling")
local rested = animator:wait_until_rest(10)
report:marker("rest")

sk.metric("frames", animator.frame)
sk.metric("offset at rest", scroll.offset_y, "pt")
sk.metric("peak lag", trace:peak{column = "lag"}, "pt")
sk.metric("peak lag while dragging", trace:peak{column = "lag", to = 0.4}, "pt")
if rested then sk.metric("settle time", animator.settle_time, "s") else print("did not come to rest within 10 s") end

-- Expectations `simrun check` tests on the trace (docs/lua-api.md, sk.expect).
sk.expect{name = "nothing twitches by a pixel at rest (last 10 frames)", at_rest = 10, epsilon = 0.5}
sk.expect{name = "adjacent cells spread at most 15 pt beyond their 54 pt pitch", column = "y", no_gap = 54, epsilon = 15}
sk.expect{name = "cells keep their column", column = "x", within = {160, 160}}
return {trace = trace, report = report}
