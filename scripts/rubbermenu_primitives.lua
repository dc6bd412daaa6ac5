-- The rubber menu again, built in Lua on the primitives (scripts/lib/rubbermenu.lua) instead of
-- the Swift scenario: the same gesture as rubbermenu.lua, and the same trace rows, byte for byte
-- (a test and CI hold the two together). The Swift scenario stays the fast path.
local sk = require "springkit"
local rubbermenu = require "lib.rubbermenu"

sk.preset("VPRubberMenu-ObjC", {length = 0.8, damping = 0.5, frequency = 0.8, resistance = 1100}, "the Objective-C original")
sk.preset("VPRubberMenu-Swift", {length = 0, damping = 0.5, frequency = 0.8, resistance = 1100}, "the Swift port; the defaults")

local damping     = sk.param("damping", 0.5, {min = 0, max = 5, step = 0.05, doc = "spring damping ratio"})
local frequency   = sk.param("frequency", 0.8, {min = 0.05, max = 20, step = 0.1, doc = "spring frequency, Hz"})
local length      = sk.param("length", 0, {min = 0, max = 100, step = 0.1, doc = "spring length, points (the Objective-C original used 0.8)"})
local resistance  = sk.param("resistance", 1100, {min = 100, max = 10000, step = 50, doc = "scroll-resistance divisor, points"})
local max_stretch = sk.param("max_stretch", 35, {min = 0, max = 200, step = 1, doc = "clamp of the lag and of the top-edge stretch, points"})

local menu = rubbermenu.new{
  items = 40, width = 320, height = 568,
  damping = damping, frequency = frequency, length = length,
  resistance = resistance, max_stretch = max_stretch,
}

menu:touch_down(160, 300)
menu:drag(0, -600, 0.6)
menu:release()
local rested = menu:wait_until_rest(10)

sk.metric("frames", menu.frame)
sk.metric("simulated", menu.time, "s")
sk.metric("peak stretch", menu.peak_stretch, "pt")
if rested then
  sk.metric("settle time", menu.settle_time, "s")
else
  print("did not come to rest within 10 s")
end
sk.metric("most springs alive", menu.max_springs)

-- Expectations `simrun check` tests on the trace (docs/lua-api.md, sk.expect).
sk.expect{name = "cell 9 settles within 5.5 s of the release", id = 9, column = "y", from = 0.6, settles_within = 5.5}
-- A cell inside its spring's 0.5 pt dead zone coasts at under 1 pt/s until it sleeps (0.5 s, as
-- Box2D in metres sleeps it), so the last 30 frames may see it cross one pixel (0.5 pt), no more.
sk.expect{name = "nothing twitches by more than a pixel at rest (last 30 frames)", at_rest = 30, epsilon = 0.5}
sk.expect{name = "no gap opens between adjacent cells", column = "y", no_gap = 130 + 100 + 35}
return {trace = menu:trace(), report = menu:report("Rubber menu")}
