--! exit: 0
-- A bad argument inside a coroutine is an ordinary error that resume returns, with file:line.
local sk = require "springkit"
local co = coroutine.create(function() local w = sk.world(); w:step_frames(-1) end)
local ok, err = coroutine.resume(co)
assert(not ok and err:find("coroutine_binding_error_is_caught_by_resume.lua:4:", 1, true)
  and err:find("World:step_frames", 1, true), tostring(err))
-- the main thread still works afterwards
local w = sk.world()
w:step_frames(2)
