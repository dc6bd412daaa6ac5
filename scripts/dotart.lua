-- Dot art (after "dot art in a collection view"): a 32×32 canvas of 8-pt dots. Each
-- change shuffles the dots (seeded) and recolours them with the next image; the dots
-- fly to their new slots on springs. The article's cycle: blank → bamboo shoot →
-- mushroom → blank, each change animated to rest.
local sk = require "springkit"

local damping   = sk.param("damping", 0.7, {min = 0.05, max = 5, step = 0.05, doc = "spring damping ratio"})
local frequency = sk.param("frequency", 2, {min = 0.1, max = 20, step = 0.1, doc = "spring frequency, Hz"})
local stagger   = sk.param("stagger", 0, {min = 0, max = 0.01, step = 0.0005, doc = "start delay per position, s"})

local art = sk.dot_art{columns = 32, rows = 32, dot = 8, damping = damping, frequency = frequency, stagger = stagger}
local images = {
  {"bamboo shoot", sk.load_dot_image("images/bamboo_shoot.txt")},
  {"mushroom", sk.load_dot_image("images/mushroom.txt")},
  {"blank", sk.blank_image(32, 32)},
}

local longest = 0
for _, entry in ipairs(images) do
  local title, image = entry[1], entry[2]
  local moves, relocated = art:change(image)
  local whole, seconds = art:wait_until_whole(10)
  if not whole then error(title .. ": the image did not come together within 10 s") end
  art:record_image(title)
  print(string.format("%-13s %4d moves in the diff, %4d dots relocated, whole after %.3f s", title, moves, relocated, seconds))
  if seconds > longest then longest = seconds end
end

sk.metric("frames", art.frame)
sk.metric("simulated", art.time, "s")
sk.metric("slowest change to whole", longest, "s")
-- Expectations `simrun check` tests on the trace (docs/lua-api.md, sk.expect).
sk.expect{name = "dots stay within a dot of the canvas", column = {"x", "y"}, within = {-8, 264}}
sk.expect{name = "no dot moves by a pixel (0.5 pt) per frame at the end (last 10 frames)", at_rest = 10, epsilon = 0.5}
return {trace = art:trace(), report = art:report("Dot art"), images = art:images()}
