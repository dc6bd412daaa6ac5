-- Bench scene: the dot art at 256×256 (65,536 dots, 8 pt each): one change to a blank
-- image, run until the picture is whole, with its trace and report.
local sk = require "springkit"
local art = sk.dot_art{columns = 256, rows = 256, dot = 8}
local moves = art:change(sk.blank_image(256, 256))
local whole, seconds = art:wait_until_whole(30)
if not whole then error("the image did not come together within 30 s") end
sk.metric("frames", art.frame)
sk.metric("moves", moves)
sk.metric("whole after", seconds, "s")
return {trace = art:trace(), report = art:report("Dot art 256×256")}
