--! exit: 2
--! stderr: bad argument #1 to 'FlowLayout:frame'
local sk = require "springkit"
local l = sk.flow_layout{items = 10, item_height = 10}
l:frame(2^63)
