-- The springy list of WWDC 2013 session 217 ("Exploring Scroll Views on iOS 7"), as the libraries
-- below replicate it: every cell inside the visible rect grown by some reach hangs on a spring at its
-- layout center; when the list scrolls, each cell lags by delta · min(1, distance / resistance), with
-- distance = |touch.y − anchor.y| (or + |touch.x − anchor.x|), so cells far from the finger trail
-- behind and catch up. Each preset is one library version, with its numbers and its rules (the table
-- in docs/effects.md names the file and commit each reproduces).
--
-- Gesture: touch at (finger_x, 450), drag up 360 pt over 0.4 s, release with the drag's velocity (a
-- fling), run until rest. Built only from primitives: no scroll physics or layout maths here.
local sk = require "springkit"

-- Known presets (--preset NAME), one per library version. The defaults are TeehanLax's current
-- version (2014-02 on), the same values as the "TeehanLax" preset.
sk.preset("TeehanLax", {length = 1, damping = 0.8, frequency = 1, resistance = 900, reach_above = 100, reach_below = 100,
  resync = 0, resync_at_least = 0, pre_shift = 1, shift_needs_touch = 0, distance = 0, floor = 0, near_switch = 0, near_within = 0, near_damping = 0},
  "TeehanLax/UICollectionView-Spring-Demo fb1160d (2014-02-08) to 4d52b8d (2014-02-14): divisor 900")
sk.preset("TeehanLax-2013", {length = 1, damping = 0.8, frequency = 1, resistance = 1500, reach_above = 100, reach_below = 100,
  resync = 0, resync_at_least = 0, pre_shift = 1, shift_needs_touch = 0, distance = 0, floor = 0, near_switch = 0, near_within = 0, near_damping = 0},
  "TeehanLax/UICollectionView-Spring-Demo 748fab3 (2013-10-01): length 1, divisor 1500")
sk.preset("TeehanLax-2013-08", {length = 0, damping = 0.8, frequency = 1, resistance = 1500, reach_above = 100, reach_below = 100,
  resync = 0, resync_at_least = 0, pre_shift = 1, shift_needs_touch = 0, distance = 0, floor = 0, near_switch = 0, near_within = 0, near_damping = 0},
  "TeehanLax/UICollectionView-Spring-Demo 8d633e5 (2013-08-08): length 0, divisor 1500")
sk.preset("objcio-issue5", {length = 0, damping = 0.8, frequency = 1, resistance = 1500, reach_above = 100, reach_below = 100,
  resync = 0, resync_at_least = 0, pre_shift = 1, shift_needs_touch = 0, distance = 1, floor = 0, near_switch = 0, near_within = 0, near_damping = 0},
  "objc.io issue 5, 'UICollectionView + UIKit Dynamics' (objcio/articles 6d9c34a); ASHSpringyCollectionView 25ae0a9 is the same")
sk.preset("THSpringy-2013", {length = 0, damping = 0.5, frequency = 0.7, resistance = 500, reach_above = 100, reach_below = 100,
  resync = 30, resync_at_least = 1, pre_shift = 2, shift_needs_touch = 0, distance = 0, floor = 0, near_switch = 0, near_within = 0, near_damping = 0},
  "THSpringyCollectionView 0832f78 (2013-09-23): re-sync once moved >= 30")
sk.preset("THSpringy-2014", {length = 0, damping = 0.6, frequency = 1.5, resistance = 600, reach_above = 100, reach_below = 200,
  resync = 50, resync_at_least = 1, pre_shift = 2, shift_needs_touch = 0, distance = 0, floor = 0, near_switch = 0, near_within = 0, near_damping = 0},
  "THSpringyCollectionView 2affed1 (2014-05-14)")
sk.preset("THSpringy", {length = 0, damping = 0.6, frequency = 1, resistance = 600, reach_above = 100, reach_below = 200,
  resync = 50, resync_at_least = 1, pre_shift = 2, shift_needs_touch = 0, distance = 0, floor = 0, near_switch = 1, near_within = 1, near_damping = 100},
  "THSpringyCollectionView 671a900 (2016-02-18): damping 100 within 1 pt of the anchor")
sk.preset("BouncyLayout-2017-subtle", {length = 0, damping = 1, frequency = 2, resistance = 1000, reach_above = 0, reach_below = 0,
  resync = 0, resync_at_least = 0, pre_shift = 0, shift_needs_touch = 0, distance = 0, floor = 0, near_switch = 0, near_within = 0, near_damping = 0},
  "roberthein/BouncyLayout b126b08 (2017-05-03) to 59b1dfc (2017-09-26), .subtle")
sk.preset("BouncyLayout-2017-regular", {length = 0, damping = 0.75, frequency = 1.5, resistance = 1000, reach_above = 0, reach_below = 0,
  resync = 0, resync_at_least = 0, pre_shift = 0, shift_needs_touch = 0, distance = 0, floor = 0, near_switch = 0, near_within = 0, near_damping = 0},
  "roberthein/BouncyLayout b126b08 (2017-05-03) to 59b1dfc (2017-09-26), .regular")
sk.preset("BouncyLayout-2017-prominent", {length = 0, damping = 0.5, frequency = 1, resistance = 1000, reach_above = 0, reach_below = 0,
  resync = 0, resync_at_least = 0, pre_shift = 0, shift_needs_touch = 0, distance = 0, floor = 0, near_switch = 0, near_within = 0, near_damping = 0},
  "roberthein/BouncyLayout b126b08 (2017-05-03) to 59b1dfc (2017-09-26), .prominent")
sk.preset("BouncyLayout-subtle", {length = 0, damping = 0.8, frequency = 2, resistance = 1000, reach_above = 200, reach_below = 200,
  resync = 0, resync_at_least = 0, pre_shift = 0, shift_needs_touch = 0, distance = 0, floor = 1, near_switch = 0, near_within = 0, near_damping = 0},
  "roberthein/BouncyLayout 0f22ddc (2018-05-03) to 1ac45f3 (2020-07-14), .subtle")
sk.preset("BouncyLayout-regular", {length = 0, damping = 0.7, frequency = 1.5, resistance = 1000, reach_above = 200, reach_below = 200,
  resync = 0, resync_at_least = 0, pre_shift = 0, shift_needs_touch = 0, distance = 0, floor = 1, near_switch = 0, near_within = 0, near_damping = 0},
  "roberthein/BouncyLayout 0f22ddc (2018-05-03) to 1ac45f3 (2020-07-14), .regular")
sk.preset("BouncyLayout-prominent", {length = 0, damping = 0.5, frequency = 1, resistance = 1000, reach_above = 200, reach_below = 200,
  resync = 0, resync_at_least = 0, pre_shift = 0, shift_needs_touch = 0, distance = 0, floor = 1, near_switch = 0, near_within = 0, near_damping = 0},
  "roberthein/BouncyLayout 0f22ddc (2018-05-03) to 1ac45f3 (2020-07-14), .prominent")
sk.preset("JSQMessages", {length = 1, damping = 1, frequency = 1, resistance = 1000, reach_above = 100, reach_below = 100,
  resync = 0, resync_at_least = 0, pre_shift = 1, shift_needs_touch = 1, distance = 0, floor = 0, near_switch = 0, near_within = 0, near_damping = 0},
  "JSQMessagesViewController develop, JSQMessagesCollectionViewFlowLayout.m cebe876 (2016-10-18)")

-- The springs and the resistance rule.
local length     = sk.param("length", 1, {min = 0, max = 50, step = 0.5, unit = "pt", doc = "spring length, points"})
local damping    = sk.param("damping", 0.8, {min = 0, max = 5, step = 0.05, doc = "spring damping ratio"})
local frequency  = sk.param("frequency", 1, {min = 0.05, max = 20, step = 0.1, unit = "Hz", doc = "spring frequency, Hz"})
local resistance = sk.param("resistance", 900, {min = 50, max = 10000, step = 50, unit = "pt",
                            doc = "scroll-resistance divisor, points: r = distance / resistance"})
-- The rules that tell the libraries apart (docs/effects.md, the preset table).
local reach_above = sk.param("reach_above", 100, {min = 0, max = 500, step = 10, unit = "pt",
                             doc = "springs for the rows within this far above the bounds (0: the bounds only)"})
local reach_below = sk.param("reach_below", 100, {min = 0, max = 500, step = 10, unit = "pt",
                             doc = "springs for the rows within this far below the bounds (0: the bounds only)"})
local resync      = sk.param("resync", 0, {min = 0, max = 200, step = 5, unit = "pt",
                             doc = "re-sync the springs only after the offset moved this far (0: every frame)"})
local resync_at_least = sk.param("resync_at_least", 0, {min = 0, max = 1, step = 1,
                             doc = "1: a re-sync is due once the offset moved >= resync (THSpringy); 0: only beyond it (>)"})
local pre_shift   = sk.param("pre_shift", 1, {min = 0, max = 2, step = 1,
                             doc = "newly attached rows: 0 not pre-shifted; 1 by the touch now, unless none; 2 by the touch of the last bounds change, when the last delta is not 0"})
local shift_needs_touch = sk.param("shift_needs_touch", 0, {min = 0, max = 1, step = 1,
                             doc = "1: no shift while no touch is known (JSQMessages); 0: the pan location then reads (0, 0)"})
local distance_rule = sk.param("distance", 0, {min = 0, max = 1, step = 1,
                             doc = "distance from the touch: 0 |dy|; 1 |dy| + |dx| (objc.io issue 5)"})
local floor_rule  = sk.param("floor", 0, {min = 0, max = 1, step = 1,
                             doc = "1: anchors and shifted centres floored to whole points (BouncyLayout 2018 on)"})
local near_switch = sk.param("near_switch", 0, {min = 0, max = 1, step = 1,
                             doc = "1: after each tick a spring's damping becomes near_damping within near_within of its anchor, else damping (THSpringy 2016)"})
local near_within = sk.param("near_within", 0, {min = 0, max = 20, step = 0.5, unit = "pt", doc = "near-anchor distance of the damping switch (<=)"})
local near_damping = sk.param("near_damping", 0, {min = 0, max = 1000, step = 10, doc = "damping ratio near the anchor"})
-- How UIKit reports the pan location, and the gesture: no library sets these.
local lift_clears_touch = sk.param("lift_clears_touch", 0, {min = 0, max = 1, step = 1,
                             doc = "0: after a release the last touch location stands (design.md); 1: it reads (0, 0), as objc.io issue 5 assumes"})
local finger_x = sk.param("finger_x", 160, {min = 0, max = 320, step = 10, unit = "pt", doc = "where the finger goes down, x"})

-- 50 rows of 300 × 44 with 10 pt between them and around them, in a 320 × 568 viewport.
local world = sk.world()
local rows = sk.flow_layout{items = 50, width = 320, item_width = 300, item_height = 44, spacing = 10,
                            insets = {top = 10, bottom = 10}}
local content_width, content_height = rows:content_size()
local scroll = sk.scroll_view{width = 320, height = 568, content_width = content_width, content_height = content_height}
local springs = sk.culler{world = world, layout = rows, inset = {top = reach_above, bottom = reach_below},
                          resync = resync, resync_at_least = resync_at_least == 1, floor_anchors = floor_rule == 1,
                          near_damping = near_switch == 1 and {within = near_within, damping = near_damping} or nil,
                          length = length, damping = damping, frequency = frequency}
local distance = distance_rule == 1 and "xy" or "y"
local without_touch = shift_needs_touch == 1 and "skip" or "origin"

-- The pan recognizer's location: nil when it reads (0, 0).
local function pan(tx, ty)
  if lift_clears_touch == 1 and scroll.phase ~= "tracking" then return nil, nil end
  return tx, ty
end

-- shouldInvalidateLayoutForBoundsChange: every attached cell lags by the resistance rule.
local latest_delta, bounds_touch_x, bounds_touch_y, layout_touch_x, layout_touch_y = 0, nil, nil, nil, nil
scroll:on_bounds_change(function(_, dy, tx, ty)
  latest_delta = dy
  bounds_touch_x, bounds_touch_y = pan(tx, ty)
  springs:shift{delta = dy, touch_x = bounds_touch_x, touch_y = bounds_touch_y, resistance = resistance,
                distance = distance, floor = floor_rule == 1, without_touch = without_touch}
end)
-- Newly attached cells are pre-shifted with the latest delta.
springs:on_pre_offset(function(_, anchor_x, anchor_y)
  if pre_shift == 1 and layout_touch_y then
    -- TeehanLax, objc.io, JSQMessages: the location read in prepareLayout, unless it is (0, 0).
    return 0, sk.resisted_shift{delta = latest_delta, touch_x = layout_touch_x, touch_y = layout_touch_y, anchor_x = anchor_x,
                                anchor_y = anchor_y, resistance = resistance, max_stretch = math.huge, distance = distance}
  elseif pre_shift == 2 and latest_delta ~= 0 then
    -- THSpringy: the location saved at the last bounds change ((0, 0) when none).
    return 0, sk.resisted_shift{delta = latest_delta, touch_x = bounds_touch_x or 0, touch_y = bounds_touch_y or 0, anchor_x = anchor_x,
                                anchor_y = anchor_y, resistance = resistance, max_stretch = math.huge, distance = distance}
  end
  return 0, 0
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
  on_layout = function(bounds, tx, ty) layout_touch_x, layout_touch_y = pan(tx, ty); springs:update(bounds) end,
  -- The springs' actions run after each tick (UIKit's post-solver step), then the frame is recorded.
  on_frame = function(frame, t) springs:run_actions(); record(frame, t) end}

springs:update(scroll:bounds())
record(0, 0)
animator:touch_down(finger_x, 450); report:marker("touch down")
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
sk.expect{name = "adjacent cells spread at most 20 pt beyond their 54 pt pitch", column = "y", no_gap = 54, epsilon = 20}
sk.expect{name = "cells keep their column", column = "x", within = {160, 160}}
return {trace = trace, report = report}
