-- Pull to refresh: a list pulled down past its top follows the finger rubber-banded; released
-- beyond the threshold, a spring carries it to the refresh inset (the spinner's room), it holds
-- there while "refreshing", then the inset goes and a spring takes it back to the top. A pull
-- that stops short of the threshold just bounces back.
--
-- Gestures: a short pull (40 pt of finger travel: bounces back), then a long one (240 pt:
-- refreshes). Built only from primitives: no scroll physics or layout maths here.
local sk = require "springkit"

sk.preset("UIRefreshControl", {threshold = 60, inset = 60, damping = 1, frequency = 2}, "close to iOS's own")

local threshold = sk.param("threshold", 70, {min = 10, max = 300, step = 5, doc = "pull past the top that triggers a refresh, points"})
local inset     = sk.param("inset", 60, {min = 0, max = 200, step = 5, doc = "room kept above the list while refreshing, points"})
local hold      = sk.param("hold", 1, {min = 0, max = 5, step = 0.1, doc = "how long the refresh lasts, seconds"})
local damping   = sk.param("damping", 0.7, {min = 0.05, max = 5, step = 0.05, doc = "spring damping ratio"})
local frequency = sk.param("frequency", 1.8, {min = 0.1, max = 20, step = 0.1, doc = "spring frequency, Hz"})

local rows = sk.flow_layout{items = 30, width = 320, item_height = 64, spacing = 1}
local content_width, content_height = rows:content_size()
local scroll = sk.scroll_view{width = 320, height = 568, content_width = content_width, content_height = content_height}

local state = "idle"   -- idle, pulling, armed (past the threshold), refreshing, done
local trace = sk.trace{"offset", "velocity", "refreshing"}
local report = sk.report{title = "Pull to refresh", viewport = {320, 568},
                         plots = {{name = "offset", unit = "pt"}, {name = "velocity", unit = "pt/s"}}}
local captions = {idle = "", pulling = "Pull to refresh", armed = "Release to refresh", refreshing = "Refreshing…", done = ""}

local function record(frame, t)
  if state == "pulling" and scroll.overscroll > threshold then state = "armed" end
  if state == "armed" and scroll.overscroll <= threshold then state = "pulling" end
  trace:add(frame, t, 1, scroll.offset, scroll.velocity, state == "refreshing" and 1 or 0)
  -- A run that makes no report (simrun check, a sweep point) skips the drawing.
  if not report.recording then return end
  local shapes = {}
  for _, i in ipairs(rows:visible(scroll:bounds(), 0)) do
    shapes[#shapes + 1] = {rect = rows:frame(i), color = 0xfafafa}
    shapes[#shapes + 1] = {rect = rows:frame(i), stroke = true, color = 0xcfd8dc}
    shapes[#shapes + 1] = {text = "Message " .. i, at = {rows:center(i)}, align = "center", size = 15, color = 0x37474f}
  end
  -- The refresh header lives above the content (negative y), where the pull reveals it.
  shapes[#shapes + 1] = {line = {0, -threshold, 320, -threshold}, ghost = true, color = 0x9e9e9e}
  shapes[#shapes + 1] = {circle = {160, -36, 10}, stroke = state ~= "refreshing", line_width = 3,
                         color = state == "idle" and 0xbdbdbd or 0x1e88e5}
  shapes[#shapes + 1] = {text = captions[state], at = {160, -10}, align = "center", size = 12, color = 0x546e7a}
  if scroll.phase == "tracking" then
    local fx, fy = scroll:finger()
    shapes[#shapes + 1] = {circle = {fx, fy, 22}, fixed = true, color = 0xd32f2f, alpha = 0.35}
  end
  report:frame{t = t, offset = {scroll.offset_x, scroll.offset_y}, shapes = shapes,
               values = {offset = scroll.offset, velocity = scroll.velocity}}
end

local animator = sk.animator{scroll_view = scroll, on_frame = record}
local refresh_began, refresh_ended

--- Pulls the list down by `distance` of finger travel over `seconds`, then lets go.
local function pull(distance, seconds)
  state = "pulling"
  animator:touch_down(160, 120); report:marker("touch down")
  animator:drag(0, distance, seconds)
  if state == "armed" then
    -- Released beyond the threshold: the inset makes room, a spring carries the list there.
    animator:release(0, 0)
    scroll:set_content_inset{top = inset}
    scroll:animate_to(scroll.min_offset, {damping = damping, frequency = frequency})
    state = "refreshing"; report:marker("release: refresh")
    refresh_began = animator.time
    animator:wait_until_rest(5)
    animator:wait(hold)
    refresh_ended = animator.time
    scroll:set_content_inset{top = 0}
    scroll:animate_to(scroll.min_offset, {damping = damping, frequency = frequency})
    state = "done"; report:marker("refreshed: spring back")
  else
    animator:release(0, 0)
    state = "idle"; report:marker("release: bounce back")
  end
  return animator:wait_until_rest(5)
end

record(0, 0)
local short_rested = pull(40, 0.3)
local short_peak = trace:peak{column = "offset"}
local refreshes_before = trace:peak{column = "refreshing"}
local long_start = animator.time
local rested = pull(240, 0.6)

sk.metric("short pull depth", short_peak, "pt")
sk.metric("short pull refreshed", refreshes_before)
sk.metric("long pull depth", trace:peak{column = "offset", from = long_start}, "pt")
if refresh_began then
  sk.metric("refresh began", refresh_began, "s")
  sk.metric("refresh ended", refresh_ended, "s")
end
sk.metric("offset at rest", scroll.offset, "pt")
if not (short_rested and rested) then print("did not come to rest within 5 s") end

-- Expectations `simrun check` tests on the trace (docs/lua-api.md, sk.expect).
sk.expect{name = "the pull never goes past 110 pt, the bounce back never past 5 pt", column = "offset", within = {-110, 5}}
sk.expect{name = "the list settles back within 4.5 s", column = "offset", target = 0, settles_within = 4.5}
return {trace = trace, report = report}
