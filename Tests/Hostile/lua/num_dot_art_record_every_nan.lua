--! exit: 2
--! stderr: num_dot_art_record_every_nan.lua:5: bad argument #1 to 'springkit.dot_art' (field 'record_every': value must b

local sk = require "springkit"
sk.dot_art{record_every = 0/0}
