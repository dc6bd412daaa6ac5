--! exit: 2
--! stderr: velocity_tracker_bad_window.lua:4: bad argument #1 to 'springkit.velocity_tracker' (velocity window must be a
local sk = require "springkit"
sk.velocity_tracker{window = -1}
