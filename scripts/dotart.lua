-- Dot art (after "dot art in a collection view"): a 32×32 canvas of 8-pt dots, each with
-- its own colour. The seed's whole cycle, for each image: change (shuffle the dots, seeded,
-- and recolour them with the image: the picture assembles as they fly in), explode (shuffle
-- without recolouring: every dot keeps its colour, the picture scatters) and regenerate
-- (sort back without recolouring: the picture reassembles). Images: bamboo shoot, then
-- mushroom, then back to blank; every step is animated to rest.
local sk = require "springkit"

local damping   = sk.param("damping", 0.7, {min = 0.05, max = 5, step = 0.05, doc = "spring damping ratio"})
local frequency = sk.param("frequency", 2, {min = 0.1, max = 20, step = 0.1, unit = "Hz", doc = "spring frequency, Hz"})
local stagger   = sk.param("stagger", 0, {min = 0, max = 0.01, step = 0.0005, unit = "s", doc = "start delay per position, s"})

local art = sk.dot_art{columns = 32, rows = 32, dot = 8, damping = damping, frequency = frequency, stagger = stagger}

local longest = 0
local function settle(title, moves, relocated)
  local whole, seconds = art:wait_until_whole(20)
  if not whole then error(title .. ": the dots did not reach their slots within 20 s") end
  art:record_image(title)
  print(string.format("%-24s %4d moves in the diff, %4d dots relocated, whole after %.3f s", title, moves, relocated, seconds))
  if seconds > longest then longest = seconds end
end

-- How many slots show the image's colour (1024 when the picture is whole).
local function matching(image_colors)
  local order, same = art:order(), 0
  for position, id in ipairs(order) do
    if art:color(id) == image_colors[position] then same = same + 1 end
  end
  return same
end

local function cycle(title, image)
  settle(title, art:change(image))
  local picture = {}
  for position, id in ipairs(art:order()) do picture[position] = art:color(id) end
  settle(title .. " exploded", art:explode())
  local scattered = matching(picture)
  settle(title .. " regenerated", art:regenerate())
  local reassembled = matching(picture)
  if reassembled ~= art.count then error(title .. ": regenerate left " .. (art.count - reassembled) .. " dots off the picture") end
  print(string.format("%-24s %4d of %d slots show the picture after explode, %d after regenerate",
                      title, scattered, art.count, reassembled))
end

cycle("bamboo shoot", sk.load_dot_image("images/bamboo_shoot.txt"))
cycle("mushroom", sk.load_dot_image("images/mushroom.txt"))
settle("blank", art:change(sk.blank_image(32, 32)))

sk.metric("frames", art.frame)
sk.metric("simulated", art.time, "s")
sk.metric("slowest step to whole", longest, "s")
-- Expectations `simrun check` tests on the trace (docs/lua-api.md, sk.expect).
sk.expect{name = "dots stay within a dot of the canvas", column = {"x", "y"}, within = {-8, 264}}
sk.expect{name = "no dot moves by a pixel (0.5 pt) per frame at the end (last 10 frames)", at_rest = 10, epsilon = 0.5}
return {trace = art:trace(), report = art:report("Dot art"), images = art:images()}
