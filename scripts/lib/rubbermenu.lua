-- The rubber menu (VPRubberMenu) written on the springkit primitives: a scroll view, a flow
-- layout, a culler that hangs the visible cells on springs, and an animator that plays the
-- gesture frame by frame. It runs the same rules, in the same order, as the Swift scenario
-- (sk.rubber_menu), so both give the same trace; see docs/rubbermenu.md.
--
--   local rubbermenu = require "lib.rubbermenu"
--   local menu = rubbermenu.new{items = 40, damping = 0.5}
--   menu:touch_down(160, 300); menu:drag(0, -600, 0.6); menu:release(); menu:wait_until_rest(10)
local sk = require "springkit"

local M = {}
local Menu = {}
Menu.__index = Menu

local palette = {0xE8505B, 0xF9D56E, 0xF3ECC2, 0x14B1AB, 0x5C6E91, 0xF08A5D, 0xB83B5E, 0x6A2C70}
local known = {items = true, width = true, height = true, cell_height = true, overlap = true, max_stretch = true,
               resistance = true, length = true, damping = true, frequency = true, visible_inset = true,
               stretch = true, reset_stretch = true, world = true, deceleration = true, bounce_frequency = true,
               record = true, watch = true}

--- Builds a menu; fields and defaults as sk.rubber_menu's.
function M.new(spec)
  spec = spec or {}
  for key in pairs(spec) do
    if not known[key] then error("rubbermenu.new: unknown field '" .. tostring(key) .. "'", 2) end
  end
  local self = setmetatable({}, Menu)
  self.width, self.height = spec.width or 320, spec.height or 568
  self.max_stretch = spec.max_stretch or 35
  self.resistance = spec.resistance or 1100
  self.displacement_stretch = spec.stretch == "displacement"
  self.reset_stretch = spec.reset_stretch or false
  self.record = spec.record ~= false
  self.watch = spec.watch or 5
  local cell_height, overlap = spec.cell_height or 130, spec.overlap or 100
  self.item_height = cell_height + overlap + self.max_stretch

  self.world = sk.world(spec.world)
  self.layout = sk.flow_layout{items = spec.items or 40, width = self.width, item_height = self.item_height, spacing = -overlap}
  local _, content_height = self.layout:content_size()
  self.scroll = sk.scroll_view{width = self.width, height = self.height, content_width = self.width, content_height = content_height,
                               deceleration = spec.deceleration, bounce_frequency = spec.bounce_frequency,
                               scale = spec.world and spec.world.scale}
  self.cells_on_springs = sk.culler{world = self.world, layout = self.layout, inset = spec.visible_inset or 100,
                                    length = spec.length or 0, damping = spec.damping or 0.5, frequency = spec.frequency or 0.8}
  self.shape = sk.cell_shape{style = "rubber", width = self.width, height = self.item_height, inset = self.max_stretch}
  self.latest_delta, self.peak_stretch, self.moved = 0, 0, false
  self.touch_y = nil

  -- Bounds change: remember the delta; with a finger known, every attached cell lags by the resistance rule.
  self.scroll:on_bounds_change(function(_, dy, _, touch_y)
    self.latest_delta, self.moved = dy, true
    if touch_y then
      self.cells_on_springs:shift{delta = dy, touch_y = touch_y, resistance = self.resistance, max_shift = self.max_stretch}
    end
  end)
  -- Newly attached cells start where the rule would have moved them.
  self.cells_on_springs:on_pre_offset(function(_, _, anchor_y)
    if not self.touch_y then return 0, 0 end
    return 0, sk.resisted_shift{delta = self.latest_delta, touch_y = self.touch_y, anchor_y = anchor_y,
                                resistance = self.resistance, max_stretch = self.max_stretch}
  end)
  self.animator = sk.animator{
    scroll_view = self.scroll, world = self.world,
    on_layout = function(bounds, _, touch_y)
      if not self.moved and self.reset_stretch then self.latest_delta = 0 end
      self.touch_y = touch_y
      self.cells_on_springs:update(bounds)
    end,
    on_frame = function()
      self.moved = false
      self.max_springs = math.max(self.max_springs, self.world.springs)
      self:record_frame()
    end,
  }

  self.trace_rows = sk.trace{"x", "y", "stretch"}
  self.report_frames = sk.report{title = "Rubber menu", viewport = {self.width, self.height}, edge_inset = self.max_stretch,
                                 plots = {{name = "stretch", unit = "pt"}, {name = "cell " .. self.watch .. " displacement", unit = "pt"},
                                          {name = "scroll offset", unit = "pt"}}}
  self.cells_on_springs:update(self.scroll:bounds())
  self.max_springs = self.world.springs
  self:record_frame()
  return self
end

local function clamp(value, limit)
  return math.min(math.max(value, -limit), limit)
end

--- The visible cells in drawing order (by center y, then index): {id, x, y, stretch, z, anchor_y}.
function Menu:cells()
  local cells = {}
  for _, entry in ipairs(self.cells_on_springs:entries()) do
    local x, y = self.world:layout_position(entry.item)
    local raw = self.latest_delta
    if self.displacement_stretch then
      local _, ay = self.world:anchor(entry.spring)
      raw = select(2, self.world:position(entry.item)) - ay
    end
    local _, anchor_y = self.layout:center(entry.index)
    cells[#cells + 1] = {id = entry.index - 1, x = x, y = y, stretch = clamp(raw, self.max_stretch), z = y, anchor_y = anchor_y}
  end
  local by_index = {table.unpack(cells)}
  table.sort(cells, function(a, b) if a.y ~= b.y then return a.y < b.y end return a.id < b.id end)
  return cells, by_index
end

function Menu:record_frame()
  local cells, by_index = self:cells()
  for _, cell in ipairs(cells) do self.peak_stretch = math.max(self.peak_stretch, math.abs(cell.stretch)) end
  if not self.record then return end
  local frame, t = self.animator.frame, self.animator.time
  for _, cell in ipairs(by_index) do self.trace_rows:add(frame, t, cell.id, cell.x, cell.y, cell.stretch) end
  -- A run that makes no report (simrun check, a sweep point) skips the drawing.
  if not self.report_frames.recording then return end
  local shapes = {}
  for _, cell in ipairs(cells) do
    shapes[#shapes + 1] = {path = self.shape:path(cell.stretch), at = {cell.x - self.width / 2, cell.y - self.item_height / 2},
                           color = palette[cell.id % #palette + 1]}
    shapes[#shapes + 1] = {text = string.format("%d", cell.id), at = {cell.x - self.width / 2 + 12, cell.y + self.item_height / 2 - 14},
                           size = 16, color = 0x333333, alpha = 0.8}
  end
  local displacement = 0
  local watched = self.watch + 1
  if watched >= 1 and watched <= self.layout.count then
    local item = self.cells_on_springs:item(watched)
    if item then
      local _, anchor_y = self.layout:center(watched)
      displacement = select(2, self.world:position(item)) - anchor_y
    end
  end
  self.report_frames:frame{t = t, offset = {self.scroll.offset_x, self.scroll.offset_y}, shapes = shapes,
                           values = {["stretch"] = clamp(self.latest_delta, self.max_stretch),
                                     ["cell " .. self.watch .. " displacement"] = displacement,
                                     ["scroll offset"] = self.scroll.offset_y}}
end

function Menu:touch_down(x, y) self.animator:touch_down(x, y); self.report_frames:marker("touch down") end
function Menu:drag(dx, dy, seconds) self.animator:drag(dx, dy, seconds); self.report_frames:marker("drag") end
function Menu:release(vx, vy) self.animator:release(vx, vy); self.report_frames:marker("release") end
function Menu:wait(seconds) self.animator:wait(seconds) end
function Menu:wait_until_rest(limit) return self.animator:wait_until_rest(limit) end
function Menu:trace() return self.trace_rows end
function Menu:report(title) return self.report_frames end

--- frame, time, offset, settle_time, springs, at_rest read through to the animator and the world.
function Menu:__index(key)
  local method = Menu[key]
  if method ~= nil then return method end
  if key == "frame" or key == "time" or key == "settle_time" or key == "at_rest" then return self.animator[key] end
  if key == "offset" then return self.scroll.offset end
  if key == "springs" then return self.world.springs end
  if key == "phase" then return self.scroll.phase end
  return nil
end

return M
