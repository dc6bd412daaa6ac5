-- Photo gallery (after "select, centre, reorder"): 24 images in a 3-column grid. Tap to
-- enlarge and centre, tap again to deselect, drag to reorder with the selection kept on
-- its image — including the cases that break naive code: dragging across the selected
-- cell from either side, dragging the selected cell itself, and deselecting.
-- Display positions count from 1 (tap, drag, move, g.selected); images are named by
-- identifiers from 0 (g:order(), g.selected_item, the trace's id column).
local sk = require "springkit"

local damping   = sk.param("damping", 0.8, {min = 0.05, max = 5, step = 0.05, doc = "cell spring damping ratio"})
local frequency = sk.param("frequency", 2.5, {min = 0.1, max = 20, step = 0.1, unit = "Hz", doc = "cell spring frequency, Hz"})

local g = sk.gallery{count = 24, columns = 3, damping = damping, frequency = frequency}

local function step(label)
  local rested = g:wait_until_rest(10)
  if not rested then error(label .. ": did not come to rest within 10 s") end
  -- Padded by characters, not bytes: labels hold "→".
  print(string.format("%s%s selected %-4s image %-4s offset %6.1f", label, string.rep(" ", math.max(1, 47 - utf8.len(label))),
    tostring(g.selected or "-"), tostring(g.selected_item or "-"), g.offset))
end

-- A drag lands where it was aimed: remove at `from`, insert at `to`.
local function drag(from, to)
  local image = g:order()[from]
  g:drag(from, to, 0.6)
  if g:order()[to] ~= image then error(string.format("drag %d → %d: image %d landed elsewhere", from, to, image)) end
end

g:tap(11);           step("tap 11: select, enlarge, centre")
drag(3, 14);         step("drag 3 → 14 across the selection (from above)")
drag(20, 2);         step("drag 20 → 2 across the selection (from below)")
drag(g.selected, 5); step("drag the selected cell to 5")
g:tap(1);            step("tap 1: select the first cell (clamped)")
g:tap(24);           step("tap 24: select the last cell (clamped)")
g:tap(24);           step("tap 24 again: deselect")

sk.metric("frames", g.frame)
sk.metric("simulated", g.time, "s")
-- Expectations `simrun check` tests on the trace (docs/lua-api.md, sk.expect).
sk.expect{name = "cells stay inside the 320 pt width", column = "x", within = {0, 320}}
sk.expect{name = "nothing twitches at rest (last 10 frames)", at_rest = 10, epsilon = 0}
-- The window ends before the next gesture, which starts once the tap's motion rests (1.83 s).
sk.expect{name = "the tapped cell (image 10) settles within 1 s", id = 10, column = "y", to = 1.8, settles_within = 1}
return {trace = g:trace(), report = g:report("Gallery")}
