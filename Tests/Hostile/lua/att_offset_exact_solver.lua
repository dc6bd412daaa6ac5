--! exit: 2
--! stderr: att_offset_exact_solver.lua:6: World:attach: the exact solver cannot step this world: a spring with an offset is not a zero-length spring to an anchor
local sk = require "springkit"
local w = sk.world()
local a = w:add_item{x = 10, y = 10, width = 20, height = 20}
local e = sk.world{solver = 'exact'}; local i = e:add_item{}; e:attach(i, {anchor = {0, 0}, offset = {1, 0}, frequency = 1})
