--! exit: 2
--! stderr: rel_expect_name_escapes.lua:7: bad argument #1 to 'springkit.expect' (field 'name': one line of text expected)
-- A name of two lines is refused where it is declared; one with a CR or ESC is printed escaped by check (ReliabilityTests).
local sk = require "springkit"
local tr = sk.trace{"x"}
tr:add(0, 0, 0, 1)
sk.expect{name = "x\r\27[2KPASS\n::error::y", column = "x", within = {0, 2}}
return tr
