
local sk = require "springkit"
sk.dot_art{record_every = -1}
