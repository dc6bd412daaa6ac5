import XCTest
@testable import SpringKitMotion
@testable import SpringKitReport
@testable import SpringKitScripting

/// The primitives' bindings and the older ones no test called, each with assertions. The
/// checks run as Lua `assert`s: a failed one fails the run with its line.
final class PrimitiveBindingTests: XCTestCase {
    var directory: URL!
    override func setUpWithError() throws { directory = try makeTemporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    @discardableResult
    private func lua(_ body: String, seed: UInt64 = 1) throws -> ScriptRun {
        try runLuaChecks(body, in: directory, seed: seed)
    }

    private func expectError(_ body: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try lua(body), file: file, line: line) { error in
            XCTAssertTrue("\(error)".contains(expected), "\(error)", file: file, line: line)
        }
    }

    func testScrollView() throws {
        try lua("""
        local moves = {}
        local sv = sk.scroll_view{width = 320, height = 500, content_height = 1500,
                                  on_bounds_change = function(dx, dy, tx, ty) moves[#moves + 1] = {dy, ty} end}
        assert(sv.offset == 0 and sv.phase == "idle" and sv.axis == "vertical" and sv.min_offset == 0 and sv.max_offset == 1000)
        assert(sv:touch_location() == nil and sv:finger() == nil)
        sv:touch_down(100, 300)
        assert(sv.phase == "tracking")
        sv:move_touch(100, 200)
        -- The hook sees the finger (y 200) in content coordinates with the offset before the move
        -- (0), as UIKit's bounds change does; touch_location afterwards uses the new offset.
        assert(sv.offset == 100 and #moves == 1 and moves[1][1] == 100 and moves[1][2] == 200, "follows the finger; hook sees the touch with the old offset")
        local tx, ty = sv:touch_location(); assert(tx == 100 and ty == 300)
        local fx, fy = sv:finger(); assert(fx == 100 and fy == 200)
        sv:move_touch(100, 500)                      -- 200 pt past the top: rubber-banded
        assert(sv.offset < 0 and sv.offset > -200 and near(sv.overscroll, -sv.offset))
        assert(near(sv.offset, -(1 - 1 / (200 * 0.55 / 500 + 1)) * 500), "the rubber band formula")
        sv:release(0, 0)
        assert(sv.phase == "bouncing")
        for _ = 1, 240 do sv:advance(1 / 60) end
        assert(sv.offset == 0 and sv.phase == "idle", "bounced back to the top")
        -- A fling decelerates by the rate per millisecond and stops where the projection says.
        sv:touch_down(0, 300); sv:release(0, -1000)
        assert(sv.phase == "decelerating" and sv.velocity == 1000)
        local projected = sv:projected_offset()
        assert(near(projected, sk.project_fling(0, 1000, "normal")) and near(projected, 1000 / 1000 * 0.998 / 0.002))
        for _ = 1, 600 do sv:advance(1 / 60) end
        assert(sv.phase == "idle" and math.abs(sv.offset - 499) < 1.5, "stops within a point of the projection: " .. sv.offset)
        assert(sk.project_fling(10, -500, 0.99) == 10 + (-500 / 1000) * 0.99 / (1 - 0.99))
        sv:set_offset(5000); assert(sv.offset == 1000, "clamped")
        sv:set_content_size(320, 800); assert(sv.max_offset == 300 and sv.phase == "bouncing")
        sv:animate_to(100, {damping = 0.5, frequency = 3})
        assert(sv.phase == "animating")
        for _ = 1, 300 do sv:advance(1 / 60) end
        assert(sv.offset == 100 and sv.phase == "idle")
        sv:set_content_inset{top = 60}; assert(sv.min_offset == -60)
        sv:animate_to(-1000); for _ = 1, 300 do sv:advance(1 / 60) end
        assert(sv.offset == -60, "the inset is the new top")
        local b = sv:bounds(); assert(b.y == -60 and b.width == 320 and b.height == 500)
        assert(sv:offset_centering{x = 0, y = 400, width = 320, height = 100} == 200)
        local cx, cy = sv:center_at(300); assert(cx == 160 and cy == 550)
        sv:on_bounds_change(nil); sv:set_offset(0); assert(sv.moving == false)
        local h = sk.scroll_view{axis = "horizontal", width = 300, height = 200, content_width = 900, bounces = false, deceleration = "fast"}
        assert(h.deceleration == 0.99 and h.max_offset == 600)
        h:touch_down(200, 100); h:move_touch(300, 100)
        assert(h.offset == 0 and h.offset_x == 0, "no rubber band without bounces")
        h:move_touch(0, 100); assert(h.offset == 200 and h.offset_x == 200 and h.offset_y == 0)
        """)
        expectError("sk.scroll_view{deceleration = 1.5}", "a deceleration rate must be in (0, 1)")
        expectError("sk.scroll_view{deceleration = 'slow'}", "expected \"normal\", \"fast\"")
        expectError("sk.scroll_view{axis = 'diagonal'}", "expected 'vertical' or 'horizontal'")
        expectError("sk.scroll_view{width = 0/0}", "viewport must be positive and finite")
        expectError("sk.scroll_view{inset = {top = 1/0}}", "'top' must be finite")
        expectError("sk.scroll_view{on_bounds_change = 3}", "field 'on_bounds_change': function expected")
        expectError("sk.scroll_view():move_touch(1, 2)", "no finger is down")
        expectError("sk.scroll_view():advance(-1)", "seconds must be ≥ 0")
        expectError("sk.scroll_view():touch_down(0/0, 1)", "finite number expected")
        expectError("sk.scroll_view():animate_to(1, {frequency = 0})", "frequency in (0, 10000] Hz, got damping 1, frequency 0")
        expectError("sk.scroll_view():set_content_inset{top = 0/0}", "finite number expected")
        expectError("sk.project_fling(0, 1, 1)", "a deceleration rate must be in (0, 1)")
        expectError("local sv = sk.scroll_view{content_height = 2000, on_bounds_change = function() error('boom') end}; sv:set_offset(100)", "check.lua:")
    }

    func testAnimatorAndVelocityTracker() throws {
        try lua("""
        local w = sk.world()
        local sv = sk.scroll_view{height = 500, content_height = 2000}
        local frames, layouts = {}, 0
        local a = sk.animator{scroll_view = sv, world = w, on_layout = function(bounds, tx, ty)
            layouts = layouts + 1; assert(bounds.y == sv.offset and bounds.height == 500) end,
          on_frame = function(frame, t) frames[#frames + 1] = frame; assert(near(t, frame / 60)) end}
        a:touch_down(160, 400)
        a:drag(0, -120, 0.2)
        assert(a.frame == 12 and #frames == 12 and layouts == 12 and sv.offset == 120)
        local vx, vy = a:drag_velocity(); assert(vx == 0 and near(vy, -600))
        a:move_to(160, 270); assert(a.frame == 13 and sv.offset == 130)
        a:release(0, -600)
        assert(sv.phase == "decelerating" and a.settle_time == nil)
        a:step(3); assert(a.frame == 16)
        a:wait(0.5); assert(near(a.time, 16 / 60 + 0.5, 1e-9))
        local rested, seconds = a:wait_until_rest(10)
        assert(rested and a.at_rest and seconds > 0 and a.settle_time > 0.5)
        local t = sk.velocity_tracker{window = 0.05}
        assert(t.window == 0.05 and t.count == 0)
        local tx, ty = t:velocity(); assert(tx == 0 and ty == 0)
        for k = 0, 12 do t:add(k / 60, 3 * k, -5 * k) end
        local vx2, vy2 = t:velocity()
        assert(near(vx2, 180, 1e-6) and near(vy2, -300, 1e-6) and t.count <= 5, "constant velocity over the window")
        t:reset(); assert(t.count == 0)
        """)
        expectError("sk.animator{}", "field 'scroll_view' is required")
        expectError("sk.animator{scroll_view = sk.world()}", "springkit.ScrollView expected")
        expectError("local a = sk.animator{scroll_view = sk.scroll_view()}; a:drag(0, 10, 0.1)", "drag needs a finger down")
        expectError("local a = sk.animator{scroll_view = sk.scroll_view()}; a:move_to(0, 10)", "no finger is down")
        expectError("local a = sk.animator{scroll_view = sk.scroll_view()}; a:step(-1)", "frame count must be a whole number in 0…")
        expectError("local a = sk.animator{scroll_view = sk.scroll_view(), on_frame = function() error('in hook') end}; a:step()", "in hook")
        expectError("sk.velocity_tracker{window = 0}", "velocity window must be a positive")
        expectError("local t = sk.velocity_tracker(); t:add(1, 0, 0); t:add(0.5, 0, 0)", "must not decrease")
        expectError("sk.velocity_tracker():add(0, 0/0, 0)", "finite number expected")
    }

    func testLayoutsCullerAndShapes() throws {
        try lua("""
        local flow = sk.flow_layout{items = 20, width = 320, item_width = 300, item_height = 40, spacing = 10, insets = {top = 5, bottom = 5}}
        assert(flow.count == 20)
        local f = flow:frame(1); assert(f.x == 10 and f.y == 5 and f.width == 300 and f.height == 40)
        local cx, cy = flow:center(3); assert(cx == 160 and cy == 5 + 2 * 50 + 20)
        local w, h = flow:content_size(); assert(w == 320 and h == 5 + 20 * 40 + 19 * 10 + 5)
        local visible = flow:visible{x = 0, y = 0, width = 320, height = 100}
        assert(#visible == 2 and visible[1] == 1 and visible[2] == 2)
        assert(#flow:visible({x = 0, y = 0, width = 320, height = 100}, 60) == 4, "an inset grows the rect")
        assert(flow:nearest(0, 130) == 3 and flow:nearest(0, -1000) == 1 and flow:nearest(0, 1e9) == 20)
        local grid = sk.grid_layout{items = 7, columns = 3, item_width = 50, item_height = 30, spacing = 10, origin = {5, 5}}
        assert(grid.count == 7 and grid:frame(5).x == 65 and grid:frame(5).y == 45)
        local gw, gh = grid:content_size(); assert(gw == 170 and gh == 110)
        assert(table.concat(grid:visible{x = 60, y = 0, width = 120, height = 50}, ",") == "2,3,5,6")
        assert(grid:nearest(1000, 1000) == 7)
        -- The culler hangs the visible items on springs and drops those that leave.
        local world = sk.world()
        local c = sk.culler{world = world, layout = flow, inset = 0, length = 0, damping = 1, frequency = 2,
                            pre_offset = function(i, ax, ay) return 0, i end}
        local added, removed = c:update{x = 0, y = 0, width = 320, height = 100}
        assert(#added == 2 and #removed == 0 and c.count == 2 and c.inset == 0 and world.springs == 2)
        local entries = c:entries(); assert(entries[1].index == 1 and math.type(entries[1].item) == "integer")
        local item = c:item(2); local px, py = world:position(item)
        local _, ay = flow:center(2)
        assert(py == ay + 2, "pre-offset by the hook")
        assert(c:item(3) == nil and c:spring(3) == nil and c:spring(1) == entries[1].spring)
        added, removed = c:update{x = 0, y = 60, width = 320, height = 100}
        assert(#added == 2 and added[1] == 3 and #removed == 1 and removed[1] == 1)
        c:shift{delta = 10, touch_y = 60, resistance = 100}
        local _, shifted = world:position(c:item(2))
        assert(shifted > ay, "items lag by the resistance rule")
        c:set_spring{damping = 0.3}
        assert(world:spring(c:spring(2)).damping == 0.3 and world:spring(c:spring(2)).frequency == 2)
        c:on_pre_offset(nil)
        c:remove_all(); assert(c.count == 0 and world.items == 0)
        local coarse = sk.culler{world = world, layout = flow, resync = 30, frequency = 1}
        coarse:update{x = 0, y = 0, width = 320, height = 100}
        local a2 = coarse:update{x = 0, y = 25, width = 320, height = 100}
        assert(#a2 == 0, "not re-synced within 30 pt")
        a2 = coarse:update{x = 0, y = 31, width = 320, height = 100}
        assert(#a2 == 1, "re-synced after 30 pt")
        local shape = sk.cell_shape{style = "rubber", width = 320, height = 265, inset = 35}
        local path = shape:path(10)
        assert(shape.width == 320 and shape.height == 265 and #path == 5 and path[2].op == "curve" and path[2].c1[2] == 45)
        local mask = sk.mask_path{width = 320, height = 265, inset = 35, stretch = 10}
        assert(mask[2].c1[2] == path[2].c1[2], "mask_path and the rubber cell shape agree")
        assert(#sk.cell_shape{style = "rounded", width = 100, height = 40, radius = 8}:path() == 10)
        assert(#sk.cell_shape{width = 10, height = 10}:path() == 5)
        """)
        expectError("sk.flow_layout{items = 3}", "field 'item_height' is required")
        expectError("sk.flow_layout{items = -1, item_height = 4}", "must be 0…100000000")
        expectError("sk.flow_layout{items = 3, item_height = 10, spacing = -10}", "item height + line spacing must be positive")
        expectError("sk.flow_layout{items = 3, item_height = 10}:frame(4)", "position 4 is out of range 1…3")
        expectError("sk.flow_layout{items = 3, item_height = 10}:frame(0)", "position 0 is out of range 1…3")
        expectError("sk.flow_layout{items = 3, item_height = 10}:visible{x = 0, y = 0, width = -1, height = 1}", "width and height must be ≥ 0")
        expectError("sk.grid_layout{items = 3, columns = 0, item_width = 1, item_height = 1}", "columns must be > 0")
        expectError("sk.culler{world = sk.world()}", "a flow_layout or grid_layout is required")
        expectError("sk.culler{world = sk.world(), layout = sk.flow_layout{items = 1, item_height = 1}, damping = -1}", "damping")
        expectError("""
        local c = sk.culler{world = sk.world(), layout = sk.flow_layout{items = 3, item_height = 10}, frequency = 1,
                            pre_offset = function() return 'up' end}
        c:update{x = 0, y = 0, width = 10, height = 10}
        """, "pre_offset must return numbers")
        expectError("local c = sk.culler{world = sk.world(), layout = sk.flow_layout{items = 1, item_height = 1}}; c:shift{delta = 1, touch_y = 0, resistance = 0}", "resistance > 0")
        expectError("sk.cell_shape{style = 'star', width = 1, height = 1}", "expected 'rect', 'rounded' or 'rubber'")
    }

    func testWorldIterationAndSwitchedOffSprings() throws {
        try lua("""
        local w = sk.world()
        local a = w:add_item{x = 0, y = 10}
        local b = w:add_item{x = 50, y = 0}
        local s1 = w:attach(a, {anchor = {0, 0}, damping = 0.5, frequency = 2})
        local s2 = w:connect(a, b, {length = 40, damping = 1, frequency = 1})
        assert(table.concat(w:item_ids(), ",") == a .. "," .. b and table.concat(w:spring_ids(), ",") == s1 .. "," .. s2)
        assert(#w:springs_of(a) == 2 and #w:springs_of(b) == 1)
        local i1, i2 = w:spring_items(s1); assert(i1 == a and i2 == nil)
        i1, i2 = w:spring_items(s2); assert(i1 == a and i2 == b)
        local dx, dy = w:displacement(s1); assert(dx == 0 and dy == 10)
        dx, dy = w:displacement(s2); assert(dx == -50 and dy == 10)
        w:remove_spring(s2); assert(w.springs == 1)
        -- A switched-off spring applies nothing: its item stays where it is (as an item outside the
        -- animator). Rigid (frequency 0) is something else: it holds the item at the spring's length.
        assert(w:enabled(s1))
        w:set_enabled(s1, false); assert(not w:enabled(s1) and w.springs == 1)
        w:step_seconds(0.5)
        local x, y = w:position(a)
        assert(x == 0 and y == 10, "left alone: " .. x .. ", " .. y)
        local rigid_world = sk.world()
        local r = rigid_world:add_item{x = 0, y = 10}
        rigid_world:attach(r, {anchor = {0, 0}, frequency = 0})
        rigid_world:step_seconds(0.5)
        local _, ry0 = rigid_world:position(r)
        assert(math.abs(ry0) < 1, "rigid pulls it to the anchor: " .. ry0)
        w:set_enabled(s1, true)
        local rested = w:step_until_rest(20)
        local rx, ry = w:position(a)
        assert(rested and w:resting(a) and math.abs(rx) < 1 and math.abs(ry) < 1, "the spring pulls it back once on")
        w:set_anchor(s1, 100, 0); assert(select(1, w:anchor(s1)) == 100 and not w:resting(a))
        w:set_spring(s1, {frequency = 4}); assert(w:spring(s1).frequency == 4 and w:spring(s1).damping == 0.5)
        w:set_position(a, 100, 0); local px = w:position(a); assert(px == 100)
        w:set_velocity(a, 0, 25); local vx, vy = w:velocity(a); assert(vx == 0 and vy == 25)
        w:remove_item(b); assert(w.items == 1)
        """)
        expectError("local w = sk.world(); local s = w:attach(w:add_item{}, {anchor = {0, 0}}); w:set_enabled(s, 1)", "boolean expected")
        expectError("sk.world():enabled(99)", "spring 99")
        expectError("sk.world():springs_of(3)", "item 3")
    }

    func testReportBuilder() throws {
        let run = try lua("""
        local rep = sk.report{title = "Demo", viewport = {200, 100}, plots = {{name = "x", unit = "pt"}, {name = "n"}}}
        assert(rep.title == "Demo" and rep.frames == 0 and rep.markers == 0)
        rep:marker("start")
        rep:frame{t = 0, offset = {0, 10}, values = {x = 1, n = 2}, shapes = {
          {rect = {0, 0, 10, 10}, color = 0xff0000, radius = 2},
          {center = {50, 50}, size = {20, 10}, stroke = true, line_width = 2, ghost = true},
          {circle = {5, 5, 3}, fixed = true, alpha = 0.5},
          {path = sk.mask_path{width = 20, height = 20, inset = 5, stretch = 3}, at = {10, 10}},
          {text = "hi", at = {1, 2}, size = 9, align = "center"},
          {line = {0, 0, 5, 5}},
        }}
        rep:frame{t = 1 / 60, values = {x = 2, n = 3}}
        rep:marker("end")
        assert(rep.frames == 2 and rep.markers == 2)
        return {report = rep}
        """)
        let report = try XCTUnwrap(run.report)
        XCTAssertEqual(report.title, "Demo")
        XCTAssertEqual(report.viewport, SIMD2(200, 100))
        XCTAssertEqual(report.plots.map(\.values), [[1, 2], [2, 3]])
        XCTAssertEqual(report.markers, [ReportData.Marker(frame: 0, label: "start"), ReportData.Marker(frame: 1, label: "end")])
        let shapes = report.frames[0].shapes
        XCTAssertEqual(shapes.count, 6)
        XCTAssertEqual(shapes[0], ReportData.Shape(.rect(Rect(x: 0, y: 0, width: 10, height: 10), cornerRadius: 2), color: 0xFF0000))
        XCTAssertEqual(shapes[1].geometry, .rect(Rect(x: 40, y: 45, width: 20, height: 10), cornerRadius: 0))
        XCTAssertTrue(!shapes[1].filled && shapes[1].ghost && shapes[1].lineWidth == 2)
        XCTAssertTrue(shapes[2].fixed && shapes[2].alpha == 0.5)
        XCTAssertEqual(shapes[4].geometry, .label("hi", at: SIMD2(1, 2), size: 9, centered: true))
        guard case .path(let elements, let origin) = shapes[3].geometry else { return XCTFail("a path") }
        XCTAssertEqual(origin, SIMD2(10, 10))
        XCTAssertEqual(elements, RubberCellShape.maskPath(width: 20, height: 20, edgeInset: 5, stretch: 3))
        XCTAssertEqual(report.frames[0].offset, SIMD2(0, 10))
        let json = ReportShapesEncoding.json(report)
        XCTAssertTrue(json.hasPrefix("{\"shapes\":[[[\"r\",16711680,1,1,1,0,0,0,0,10,10,2],"), json)
        XCTAssertTrue(json.hasSuffix("\"markers\":[[0,\"start\"],[1,\"end\"]]}"), json)
        XCTAssertTrue(HTMLReport.render(report).contains(json), "the page carries the shapes")
        XCTAssertEqual(ReportShapesEncoding.json(ReportData(title: "", viewport: SIMD2(1, 1), edgeInset: 0)), "{\"shapes\":[],\"markers\":[]}")

        expectError("sk.report{}", "field 'viewport'")
        expectError("sk.report{viewport = {0, 10}}", "a positive, finite width and height")
        expectError("sk.report{viewport = {1, 1}, plots = {{name = 'a'}, {name = 'a'}}}", "'a' appears twice")
        expectError("sk.report{viewport = {1, 1}, plots = {{name = 'a'}}}:frame{t = 0}", "plot 'a' needs a finite value every frame")
        expectError("sk.report{viewport = {1, 1}}:frame{t = 0, values = {b = 1}}", "unknown field 'b'")
        expectError("local r = sk.report{viewport = {1, 1}}; r:frame{t = 1}; r:frame{t = 0}", "frames go forward in time")
        expectError("sk.report{viewport = {1, 1}}:frame{t = 0, shapes = {{rect = {0, 0, 1, 1}, circle = {0, 0, 1}}}}", "one geometry per shape")
        expectError("sk.report{viewport = {1, 1}}:frame{t = 0, shapes = {{color = 1}}}", "shape [1]: one of rect")
        expectError("sk.report{viewport = {1, 1}}:frame{t = 0, shapes = {{rect = {0, 0, 0/0, 1}}}}", "of finite numbers expected")
        expectError("sk.report{viewport = {1, 1}}:frame{t = 0, shapes = {{circle = {0, 0, 1}, color = 0x1000000}}}", "0xRRGGBB")
        expectError("sk.report{viewport = {1, 1}}:frame{t = 0, shapes = {{circle = {0, 0, 1}, alpha = 2}}}", "must be in 0…1")
        expectError("sk.report{viewport = {1, 1}}:frame{t = 0, shapes = {{path = {{op = 'arc'}}}}}", "op 'move', 'line', 'curve' or 'close' expected")
        expectError("sk.report{viewport = {1, 1}}:frame{t = 0, shapes = {{center = {0, 0}}}}", "field 'size' is required")
    }

    func testTraceBindingsAndTimeWindows() throws {
        try lua("""
        local tr = sk.trace{"x"}
        for k = 0, 60 do tr:add(k, k / 60, 1, k < 30 and 10 or (k < 40 and -3 or 0)) end
        assert(table.concat(tr:columns(), ",") == "frame,t,id,x")
        assert(#tr:column("x") == 61 and tr:value(1, "x") == 10 and tr:value(61, "t") == 1)
        assert(tr:metadata("seed") == nil)
        assert(tr:peak{column = "x"} == 10 and tr:peak{column = "x", from = 0.5} == 3, "a window leaves the early peak out")
        assert(tr:peak{column = "x", from = 0.7, to = 1} == 0)
        assert(tr:oscillations{column = "x"} >= 0.5 and tr:oscillations{column = "x", from = 0.7} == 0)
        assert(tr:overshoot{column = "x", from = 0, to = 0.6} >= 0)
        assert(tr:settle_time{column = "x", from = 0.5} == 40 / 60)
        """)
        expectError("local tr = sk.trace{'x'}; tr:add(0, 0, 1, 1); tr:peak{column = 'x', from = 1, to = 0}", "from ≤ to")
        expectError("local tr = sk.trace{'x'}; tr:add(0, 0, 1, 1); tr:peak{column = 'x', from = 0/0}", "from ≤ to")
        let traceFile = directory.appendingPathComponent("saved.csv")
        try "# springkit-trace 1\n# seed: 7\nframe,t,id,x\n0,0,1,5\n".write(to: traceFile, atomically: true, encoding: .utf8)
        try lua("""
        local tr = sk.load_trace("\(traceFile.path)")
        assert(tr:metadata("seed") == "7" and tr:value(1, "x") == 5 and tr:rows() == 1)
        """)
        expectError("sk.load_trace('\(directory.appendingPathComponent("missing.csv").path)')", "missing.csv")
    }

    func testCoreConversionsAndRandomness() throws {
        let first = try lua("""
        assert(sk.seed() == 42)
        local a, b, c = sk.random(), sk.random(6), sk.random(10, 12)
        assert(a >= 0 and a < 1 and b >= 1 and b <= 6 and c >= 10 and c <= 12 and math.type(b) == "integer")
        sk.metric("a", a)
        local s = sk.convert("uikit", {frequency = 0.8, damping = 0.5})
        assert(near(s.uikit.frequency, 0.8) and near(s.swiftui.response, 1 / 0.8, 1e-9))
        """, seed: 42)
        XCTAssertEqual(try lua("sk.metric('a', sk.random())", seed: 42).metric("a"), first.metric("a"), "the seed fixes the sequence")
        XCTAssertNotEqual(try lua("sk.metric('a', sk.random())", seed: 43).metric("a"), first.metric("a"))
        expectError("sk.random(5, 1)", "interval is empty")
        expectError("sk.convert('springy', {})", "unknown convention 'springy'")
    }

    func testOlderScenarioMethods() throws {
        try lua("""
        local a = sk.dot_art{columns = 4, rows = 4}
        local before = a:order()
        assert(#before == 16)
        local colours = {}
        for k, id in ipairs(before) do colours[k] = a:color(id) end
        local moves = a:explode()
        assert(moves > 0, "a shuffle moves dots")
        local after = a:order()
        local seen = {}
        for _, id in ipairs(after) do seen[id] = true end
        for _, id in ipairs(before) do assert(seen[id], "the same dots, in another order") end
        for k, id in ipairs(before) do assert(a:color(id) == colours[k], "explode keeps every dot's colour") end
        a:regenerate()
        assert(table.concat(a:order(), ",") == table.concat(before, ","), "regenerate sorts back")
        local g = sk.gallery{count = 6, columns = 3}
        local order = g:order()
        assert(#order == 6)
        g:move(1, 3)
        local moved = g:order()
        assert(moved[3] == order[1] and moved[1] == order[2], "move takes the first item to the third slot")
        """)
    }

    /// Lua states with the primitives' objects and hooks hold no reference cycle.
    func testLuaStatesWithPrimitivesAreReleased() throws {
        weak var released: LuaState?
        do {
            let lua = try LuaState()
            SpringKitModule.install(in: lua, session: ScriptSession(scriptPath: "x.lua", parameters: ScriptParameters(), seed: 1))
            try lua.run("""
            local sk = require 'springkit'
            local w = sk.world()
            local flow = sk.flow_layout{items = 10, item_height = 50}
            local c = sk.culler{world = w, layout = flow, frequency = 1, pre_offset = function() return 0, 1 end}
            local sv = sk.scroll_view{content_height = 500, on_bounds_change = function() end}
            local a = sk.animator{scroll_view = sv, world = w, on_layout = function(b) c:update(b) end, on_frame = function() end}
            a:touch_down(10, 10); a:drag(0, -50, 0.1); a:release(); a:wait(0.2)
            local r = sk.report{viewport = {1, 1}}; r:frame{t = 0}
            """)
            released = lua
        }
        XCTAssertNil(released, "no reference cycle through the primitives' hooks")
    }
}
