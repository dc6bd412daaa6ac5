--! fifo: pipe.csv
--! exit: 2
--! stderr: not a regular file
--! timeout: 20
local sk = require "springkit"
sk.load_trace("pipe.csv")
